import { TOO_SLOW, workerFileBeside, type OffLoopPool } from '../../workers/off-loop-pool.js';
import type { PageParseTask, PageReading } from './page-parse-worker.js';
import type { CategoryName } from './recipe-draft.js';

/** How long reading a page may take, from hand-off to answer (a worker's start included). */
export const PARSE_TIME_LIMIT_MS = 3_000;

export type PageParseOutcome = PageReading | { tooSlow: true };

const WORKER_FILE = workerFileBeside(import.meta.url, 'page-parse-worker');

/**
 * Reads a fetched page (page-parse-worker.ts) on the deps' worker threads: parsing is synchronous,
 * and before the depth limit (depth-limited-html.ts) one page of nested tags stalled `/api/health`
 * for 7-17 s. A reading that outlasts the time limit is abandoned and its worker terminated, so a
 * page that is slow for any other reason costs a worker at most that long.
 */
export async function readPageOffLoop(
  pool: OffLoopPool,
  timeLimitMs: number,
  task: PageParseTask & { categories: CategoryName[] },
): Promise<PageParseOutcome> {
  const reading = await pool.run<PageParseTask, PageReading>(WORKER_FILE, task, timeLimitMs);
  return reading === TOO_SLOW ? { tooSlow: true } : reading;
}
