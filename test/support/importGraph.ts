import { readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import * as ts from 'typescript';

/** The repository's root: the graph's module names are paths relative to it. */
export const ROOT = resolve(__dirname, '../..');

/** The shipped folders whose modules the graph holds. */
const SHIPPED = ['nodes', 'credentials'];

export interface ImportEdge {
	from: string;
	to: string;
	/** `import type` (or every name of it type-only): nothing of `to` runs through this import. */
	typeOnly: boolean;
}

function sourceFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

function resolveModule(fromFile: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = resolve(dirname(fromFile), specifier);
	for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
		try {
			if (statSync(candidate).isFile()) return relative(ROOT, candidate);
		} catch {
			// not this candidate
		}
	}
	throw new Error(`${relative(ROOT, fromFile)} imports ${specifier}, which is no module`);
}

function isTypeOnly(declaration: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
	if (ts.isExportDeclaration(declaration)) return declaration.isTypeOnly;
	const clause = declaration.importClause;
	if (!clause) return false; // a side-effect import runs its module
	if (clause.isTypeOnly) return true;
	if (clause.name) return false;
	const bindings = clause.namedBindings;
	return (
		bindings !== undefined &&
		ts.isNamedImports(bindings) &&
		bindings.elements.length > 0 &&
		bindings.elements.every((element) => element.isTypeOnly)
	);
}

/** Every relative import of every module under nodes/ and credentials/. */
export function importGraph(): { modules: string[]; edges: ImportEdge[] } {
	const files = SHIPPED.flatMap((folder) => sourceFiles(join(ROOT, folder)));
	const edges = files.flatMap((file) => {
		const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
		return source.statements.flatMap((statement) => {
			if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
			const specifier = statement.moduleSpecifier;
			if (!specifier || !ts.isStringLiteral(specifier)) return [];
			const to = resolveModule(file, specifier.text);
			return to ? [{ from: relative(ROOT, file), to, typeOnly: isTypeOnly(statement) }] : [];
		});
	});
	return { modules: files.map((file) => relative(ROOT, file)).sort(), edges };
}

const CODE_KINDS = new Set([
	ts.SyntaxKind.FunctionDeclaration,
	ts.SyntaxKind.FunctionExpression,
	ts.SyntaxKind.ArrowFunction,
	ts.SyntaxKind.ClassDeclaration,
	ts.SyntaxKind.MethodDeclaration,
]);

/**
 * Whether a module holds code (a function, a class): one that holds only values (a table of the service's codes)
 * or only types runs nothing of its own, so importing it is no hop.
 */
export function holdsCode(module: string): boolean {
	const source = ts.createSourceFile(
		module,
		readFileSync(join(ROOT, module), 'utf8'),
		ts.ScriptTarget.Latest,
	);
	const visit = (node: ts.Node): boolean =>
		CODE_KINDS.has(node.kind) || ts.forEachChild(node, visit) === true;
	return visit(source);
}

/**
 * The folder a module belongs to, for the boundaries: a node's folder (`nodes/DocumentExecution`), `nodes/shared`
 * or `credentials`.
 */
export const nodeFolderOf = (module: string) =>
	module.startsWith('credentials/') ? 'credentials' : module.split('/').slice(0, 2).join('/');

/**
 * The modules whose code runs from `start` (reached through imports that are not type-only), each with the
 * fewest imports from `start` to it: its hop count.
 */
export function hopCounts(
	start: string,
	edges: ImportEdge[] = importGraph().edges,
): Map<string, number> {
	const hops = new Map([[start, 0]]);
	let frontier = [start];
	while (frontier.length > 0) {
		const next: string[] = [];
		for (const module of frontier)
			for (const edge of edges)
				if (edge.from === module && !edge.typeOnly && !hops.has(edge.to)) {
					hops.set(edge.to, hops.get(module)! + 1);
					next.push(edge.to);
				}
		frontier = next;
	}
	return hops;
}

/**
 * The imports that cross a boundary: each node folder stands on nodes/shared alone (no node folder imports
 * another's), nodes/shared imports no node folder, and the credentials import only nodes/shared.
 */
export function boundaryViolations(edges: ImportEdge[]): ImportEdge[] {
	return edges.filter(({ from, to }) => {
		const source = nodeFolderOf(from);
		const target = nodeFolderOf(to);
		if (source === target || target === 'nodes/shared') return false;
		return true;
	});
}

/**
 * The hop count of every module whose code runs from `start`: the fewest imports from `start` to it, through
 * imports that are not type-only. Modules that hold no code (tables, types) are left out.
 */
export const codeHops = (start: string, edges?: ImportEdge[]): Map<string, number> =>
	new Map([...hopCounts(start, edges)].filter(([module]) => module === start || holdsCode(module)));
