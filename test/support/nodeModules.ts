import { readdirSync, statSync } from 'fs';
import { join, relative } from 'path';

/** The action node's folder: every module the tests below walk. */
export const NODE_FOLDER = join(__dirname, '../../nodes/DocumentExecution');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

/** Every module of the action node, by its path under nodes/DocumentExecution, with its source and its exports. */
export async function nodeModules(): Promise<
	Array<{ name: string; path: string; exports: Record<string, unknown> }>
> {
	return await Promise.all(
		sourceFiles(NODE_FOLDER).map(async (path) => ({
			name: relative(NODE_FOLDER, path),
			path,
			exports: (await import(path)) as Record<string, unknown>,
		})),
	);
}
