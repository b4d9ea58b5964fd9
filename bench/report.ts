import { writeFile } from 'node:fs/promises';
import type { PreparedDatabase } from './databases.js';
import type { PhaseResult } from './measure.js';
import type { ServerRun } from './phases.js';
import type { DatasetSize } from './seed.js';

/** One database's results: the data set and its server's run (null when it failed). */
export interface DatabaseRun extends Omit<PreparedDatabase, 'options'> {
  server: ServerRun | null;
}

const n = (value: number) => value.toLocaleString('en');

export function describeDataset(size: DatasetSize): string {
  return (
    `${n(size.recipes)} recipes, ${n(size.users)} users, ${n(size.categories)} categories, ` +
    `${n(size.recipeCategories)} recipe-category links, ${n(size.reactions)} reactions, ` +
    `${n(size.saves)} saves, ${n(size.comments)} comments, ${n(size.reviews)} reviews`
  );
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function phaseRow(row: PhaseResult): string[] {
  const failed = row.problem ? ` (FAILED: ${row.problem})` : '';
  const few = !row.problem && row.requests < 100 ? ` (only ${row.requests} requests)` : '';
  return [
    `${row.phase}${failed}${few}`,
    String(row.connections),
    row.requestsPerSecond.toFixed(row.requestsPerSecond < 100 ? 1 : 0),
    `${row.percentOfCeiling.toFixed(2)} %`,
    String(row.p50Ms),
    String(row.p99Ms),
    String(row.maxMs),
    row.loopDelay ? String(row.loopDelay.p99Ms) : '-',
    row.cpuMsPerRequest === null ? '-' : row.cpuMsPerRequest.toFixed(3),
    `${row.errors} / ${row.timeouts} / ${row.non2xx}`,
  ];
}

/** The table of one database's server, and its first-request line. */
export function serverTable(run: ServerRun): string {
  const header = [
    'phase',
    'conn.',
    'req/s',
    '% of ceiling',
    'p50 ms',
    'p99 ms',
    'max ms',
    'loop p99 ms',
    'CPU ms/req',
    'errors / timeouts / non-2xx',
  ];
  const cold = run.coldSearches
    .map((c) => `"${c.query}" (${c.kind}, ${n(c.matches)} matches) ${c.ms} ms`)
    .join('; ');
  return `${markdownTable(header, run.phases.map(phaseRow))}\n\nFirst request of a new search, alone: ${cold || 'not measured'}`;
}

export function printRuns(runs: DatabaseRun[], log: (line?: string) => void): void {
  for (const run of runs) {
    if (!run.server) continue;
    log(`${run.title}: ${describeDataset(run.dataset)}`);
    log(serverTable(run.server));
    log();
  }
}

export async function writeReport(file: string, report: object): Promise<void> {
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
