/**
 * The benchmark's table: its rows (every figure with the minimum, median and maximum of its samples), the
 * Markdown table `npm run bench` prints, and the section of docs/performance.md written from
 * `bench/results.json`, so that the table there is always one run's results.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../../scripts/lib/paths';

export interface Range {
	min: number;
	median: number;
	max: number;
	/** The 90th percentile (nearest rank), on rows whose spread of single runs matters (memory). */
	p90?: number;
}

export interface Row {
	part: string;
	figure: string;
	unit: 'ms' | '× file' | 'requests' | '/s' | 'at once' | '/s (any 1 s)';
	ours: Range;
	reference: Range | null;
	referenceName: string;
	/** Median ÷ median. */
	ratio: number | null;
	goal: string;
	met: boolean | null;
	samples: { ours: number[]; reference?: number[] };
	note?: string;
}

export interface BenchResults {
	generatedAt: string;
	seconds: number;
	command: string;
	machine: { cpus: number; cpuModel?: string; memoryBytes: number; benchNode: string };
	n8n: { version: string; node: string };
	rows: Row[];
}

/** A row as a benchmark gives it: its samples, and its goal as `met` or as a bound on the ratio. */
export type RowSpec = Omit<Row, 'ours' | 'reference' | 'ratio' | 'met'> & {
	met?: boolean | null;
	maxRatio?: number;
	minRatio?: number;
	/** Show the 90th percentile beside the median. */
	showP90?: boolean;
};

/** Where a benchmark puts what it measured: rows for the table, and every sample under its own name. */
export interface ResultsSink {
	addRow(row: RowSpec): void;
	addDetails(benchmark: string, details: unknown): void;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The 90th percentile, nearest rank: the smallest sample that at least 90% of the samples do not exceed. */
export function percentile90(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.ceil(sorted.length * 0.9) - 1];
}

export const range = (values: number[], withP90 = false): Range => ({
	min: Math.min(...values),
	median: median(values),
	max: Math.max(...values),
	...(withP90 ? { p90: percentile90(values) } : {}),
});

/**
 * A row from its samples: ours and the reference as min–median–max, the ratio of the medians, and whether the
 * goal is met (`met` given, or the ratio within `maxRatio`/`minRatio`).
 */
export function toRow(spec: RowSpec): Row {
	const { maxRatio, minRatio, showP90, ...rest } = spec;
	const ours = range(spec.samples.ours, showP90);
	const reference = spec.samples.reference ? range(spec.samples.reference, showP90) : null;
	const ratio = reference ? ours.median / reference.median : null;
	const met =
		spec.met !== undefined
			? spec.met
			: ratio === null
				? null
				: maxRatio !== undefined
					? ratio <= maxRatio
					: minRatio !== undefined
						? ratio >= minRatio
						: null;
	return { ...rest, ours, reference, ratio, met };
}

/** A sink that keeps the rows and details in the order the benchmarks gave them. */
export function collectResults(): ResultsSink & { rows: Row[]; details: Record<string, unknown> } {
	const rows: Row[] = [];
	const details: Record<string, unknown> = {};
	return {
		rows,
		details,
		addRow: (row) => rows.push(toRow(row)),
		addDetails: (benchmark, value) => {
			details[benchmark] = value;
		},
	};
}

function value(number: number, unit: Row['unit']): string {
	if (unit === '× file') return `${number.toFixed(2)}×`;
	if (unit === '/s') return `${number.toFixed(0)}/s`;
	if (unit === 'ms') return `${number.toFixed(0)} ms`;
	return number.toFixed(0);
}

/** `median (min–max)` (`median, p90 x (min–max)` with a 90th percentile), or the value alone when every sample was the same. */
function spread(figure: Range | null, unit: Row['unit']): string {
	if (!figure) return '–';
	if (figure.min === figure.max) return value(figure.median, unit);
	const bare = (number: number) => value(number, unit).replace(/ ms$|\/s$|×$/, '');
	const p90 = figure.p90 === undefined ? '' : `, p90 ${value(figure.p90, unit)}`;
	return `${value(figure.median, unit)}${p90} (${bare(figure.min)}–${bare(figure.max)})`;
}

export function table(rows: Row[]): string {
	const header = ['#', 'Figure', 'Ours', 'Reference', 'Ratio', 'Goal', 'Met'];
	const lines = rows.map((row) => [
		row.part,
		row.figure,
		spread(row.ours, row.unit),
		`${spread(row.reference, row.unit)} (${row.referenceName})`,
		row.ratio === null ? '–' : `${row.ratio.toFixed(2)}×`,
		row.goal,
		row.met === null ? '–' : row.met ? 'yes' : 'NO',
	]);
	return [
		`| ${header.join(' | ')} |`,
		`|${header.map(() => '---').join('|')}|`,
		...lines.map((line) => `| ${line.join(' | ')} |`),
	].join('\n');
}

const START = '<!-- bench-table:start (written by npm run bench from bench/results.json) -->';
const END = '<!-- bench-table:end -->';

/** The file whose figures section a whole run rewrites, from the repository root. */
export const TABLE_FILE = 'docs/performance.md';

/** The figures section of docs/performance.md, from one run's results. */
export function tableSection(results: BenchResults): string {
	const day = results.generatedAt.slice(0, 10);
	const about = `From \`${results.command}\` on ${day} (${results.machine.cpus} cores, n8n ${results.n8n.version} on Node ${results.n8n.node}, ${Math.round(results.seconds)} s in all). Each cell: median (min–max) of the runs; ratio: median ÷ median.`;
	return `${START}\n${about}\n\n${table(results.rows)}\n${END}`;
}

/** `document` with the section between the markers `start` and `end` (both kept) replaced by `section`. */
export function withSection(
	document: string,
	markers: { start: string; end: string },
	section: string,
): string {
	const start = document.indexOf(markers.start);
	const end = document.indexOf(markers.end);
	if (start < 0 || end < start)
		throw new Error(`${TABLE_FILE} has no ${markers.start} … ${markers.end} section`);
	return `${document.slice(0, start)}${section}${document.slice(end + markers.end.length)}`;
}

/** `document` with its figures section replaced by `section`. */
export const withTableSection = (document: string, section: string): string =>
	withSection(document, { start: START, end: END }, section);

/** The figures section as `document` has it now. */
export function currentTableSection(document: string): string {
	return document.slice(document.indexOf(START), document.indexOf(END) + END.length);
}

/** Rewrites the figures section of docs/performance.md from one run's results. */
export function writeTableSection(results: BenchResults): void {
	const file = join(ROOT, TABLE_FILE);
	writeFileSync(file, withTableSection(readFileSync(file, 'utf8'), tableSection(results)));
}
