import { dirname } from 'path';

import { hopCounts, holdsCode, importGraph } from './importGraph';

/**
 * Prints the shipped import graph (modules per folder, imports between folders) and the hop counts from the
 * modules given as arguments: `npx ts-node --transpile-only test/support/importGraphReport.ts <module>…`.
 */
const { modules, edges } = importGraph();

const count = (keys: string[]) =>
	keys.reduce(
		(counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1),
		new Map<string, number>(),
	);

console.log(
	`${modules.length} modules, ${edges.length} imports (${edges.filter((e) => e.typeOnly).length} type-only)`,
);
console.log('\nModules per folder:');
for (const [folder, n] of [...count(modules.map((m) => dirname(m)))].sort())
	console.log(`  ${n}\t${folder}`);
console.log('\nImports between folders (value imports, type-only in parentheses):');
const between = edges.filter((e) => dirname(e.from) !== dirname(e.to));
const valued = count(
	between.filter((e) => !e.typeOnly).map((e) => `${dirname(e.from)} -> ${dirname(e.to)}`),
);
const typed = count(
	between.filter((e) => e.typeOnly).map((e) => `${dirname(e.from)} -> ${dirname(e.to)}`),
);
for (const pair of [...new Set([...valued.keys(), ...typed.keys()])].sort())
	console.log(
		`  ${valued.get(pair) ?? 0}${typed.has(pair) ? ` (${typed.get(pair)})` : ''}\t${pair}`,
	);

for (const start of process.argv.slice(2)) {
	const hops = [...hopCounts(start, edges)].sort((a, b) => a[1] - b[1]).slice(1);
	const code = hops.filter(([module]) => holdsCode(module));
	const deepest = Math.max(...code.map(([, n]) => n));
	console.log(
		`\n${start}: ${code.length} modules with code run from it, the farthest ${deepest} imports away`,
	);
	for (const [module, n] of hops)
		console.log(`  ${n}\t${module}${holdsCode(module) ? '' : ' (no code: values or types only)'}`);
}
