import Database from 'libsql/promise';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../../db/orm-options.js';
import type { ServiceDeps } from '../../shared/service-deps.js';
import { startRecurringJob, type RecurringJob } from '../../shared/recurring-job.js';
import { SEARCH_TABLE, TITLE_SEARCH_TABLE } from './search-tables.js';

/**
 * SQLite's search indexes kept compact. FTS5 adds a segment (a b-tree) to an index for every
 * transaction that writes recipe text, and merges them only once four share a level
 * (`automerge`): a search then looks each of its terms up in every segment. The bench's 100,000
 * recipes, seeded in batches, left 16 segments in `recipe_search` and 11 in the titles' index;
 * over 300 varied bench searches (libsql alone, one core) the count's sample of the newest 201
 * matches took 380-440 µs, the newest 21 still 260-300 µs (the term look-ups, not the walk), the
 * title walk 78-91 µs. Merged down to 2 segments each: 155-200, 60-73 and 45-58 µs (one segment,
 * FTS5's `optimize`: 140-155, 52-57 and 34-37 µs, but `optimize` rewrites the whole index in one
 * write transaction, 958 ms here).
 *
 * So the server merges in small steps (FTS5's 'merge' command, at most MERGE_STEP_PAGES pages
 * each), any level holding two segments (`usermerge` 2, the search_index_merge migration), until
 * a step finds nothing to merge. The steps run on a connection of their own through libsql's
 * promise API, so their work is done on libsql's threads, not the event loop; each holds the
 * write lock for one step, and a pause between steps lets the server's own writes in.
 */
export const MERGE_STEP_PAGES = 32;
/** Between two merge steps, so writes waiting for the lock get it. */
export const MERGE_PAUSE_MS = 20;

const INDEXES = [SEARCH_TABLE, TITLE_SEARCH_TABLE];

export interface MergeReport {
  /** Merge steps that merged something. */
  steps: number;
}

interface Connection {
  prepare(sql: string): Promise<{ get(): Promise<Record<string, unknown>> }>;
  exec(sql: string): Promise<unknown>;
  close(): void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Merges the search indexes of the SQLite database at `path` until no level holds two segments,
 * or until `signal` aborts (between steps).
 */
export async function mergeSearchIndexes(
  path: string,
  {
    signal,
    busyTimeoutMs,
    pauseMs = MERGE_PAUSE_MS,
  }: {
    signal?: AbortSignal;
    busyTimeoutMs: number;
    pauseMs?: number;
  },
): Promise<MergeReport> {
  const connection = new Database(path, {}) as unknown as Connection;
  try {
    await connection.exec(`pragma busy_timeout = ${Math.round(busyTimeoutMs)}`);
    const totalChanges = await connection.prepare('select total_changes() as `n`');
    const changes = async () => Number((await totalChanges.get()).n);
    let steps = 0;
    for (const table of INDEXES) {
      const merge = `insert into \`${table}\`(\`${table}\`, \`rank\`) values('merge', ${MERGE_STEP_PAGES})`;
      while (!signal?.aborted) {
        const before = await changes();
        await connection.exec(merge);
        // FTS5's own test of a merge that did something: total_changes() grew by 2 or more.
        if ((await changes()) - before < 2) break;
        steps++;
        await pause(pauseMs);
      }
    }
    return { steps };
  } finally {
    connection.close();
  }
}

/** Soon after start, when a seed or an import may have just written many segments. */
export const FIRST_UPKEEP_DELAY_MS = 10 * 1000;
/**
 * Every five minutes: a busy site's recipe writes add a segment each, and merging a few small
 * ones takes a step or two.
 */
export const UPKEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Runs mergeSearchIndexes inside the server on SQLite (recurring-job.ts: first after
 * `firstRunMs`, then `intervalMs` after each run ends). Several server processes on one file may
 * each run it: a step that finds nothing to merge writes nothing. Null where there is no SQLite file.
 */
export function startSearchIndexUpkeep(
  deps: Pick<ServiceDeps, 'database' | 'log'>,
  { firstRunMs = FIRST_UPKEEP_DELAY_MS, intervalMs = UPKEEP_INTERVAL_MS } = {},
): RecurringJob | null {
  const file = deps.database.sqliteFile;
  if (file === null) return null;
  return startRecurringJob({
    firstRunMs,
    intervalMs,
    async run(signal) {
      try {
        const report = await mergeSearchIndexes(file, {
          signal,
          busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
        });
        if (report.steps > 0) deps.log.info(report, 'search index upkeep: merged segments');
      } catch (error) {
        // The next run tries again (a lock held past the busy timeout, a database away).
        deps.log.warn({ err: error }, 'search index upkeep failed');
      }
    },
  });
}
