import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PageParseTask, PageReading } from './page-parse-worker.js';
import type { CategoryName } from './recipe-draft.js';

/** How long reading a page may take, from hand-off to answer (a worker's start included). */
export const PARSE_TIME_LIMIT_MS = 3_000;

export type PageParseOutcome = PageReading | { tooSlow: true };

/**
 * Reads fetched pages (page-parse-worker.ts) in worker threads, so that no page, however it is
 * built, holds up the event loop and every other request: parsing is synchronous, and before the
 * depth limit (depth-limited-html.ts) one page of nested tags stalled `/api/health` for 7-17 s.
 * A reading that outlasts the time limit is abandoned and its worker terminated (piscina aborts
 * it), so a page that is slow for any other reason costs a worker at most that long.
 */
export interface PageParser {
  readonly timeLimitMs: number;
  /** The draft of the recipe on the page at `url` (its `html`, as fetched). */
  read(html: string, url: string, categories: CategoryName[]): Promise<PageParseOutcome>;
  /** Terminates the workers; a reading under way rejects. */
  close(): Promise<void>;
}

const thisFile = fileURLToPath(import.meta.url);
// Under tsx and vitest this module is TypeScript and so is its worker, which then needs tsx's
// loader (`--import tsx`); the built server runs both as JavaScript with the process's own flags.
const WORKER_FILE = new URL(`./page-parse-worker${extname(thisFile)}`, import.meta.url).href;
const WORKER_EXEC_ARGV = extname(thisFile) === '.ts' ? ['--import', 'tsx'] : undefined;

/** The pool starts with the first page to read, not with the server. */
export function createPageParser({
  timeLimitMs = PARSE_TIME_LIMIT_MS,
}: { timeLimitMs?: number } = {}): PageParser {
  let pool: Piscina<PageParseTask, PageReading> | undefined;
  let closed = false;
  return {
    timeLimitMs,
    async read(html, url, categories) {
      if (closed) throw new Error('the page parser is closed');
      pool ??= new Piscina<PageParseTask, PageReading>({
        filename: WORKER_FILE,
        execArgv: WORKER_EXEC_ARGV,
        // Two at a time on this 2-core machine: one slow page does not hold up other imports,
        // and the event loop keeps most of a core (below). Idle workers stay a minute, unref'd,
        // so a burst of imports starts one once and an idle pool never keeps the process alive.
        minThreads: 0,
        maxThreads: 2,
        idleTimeout: 60_000,
        // Nice 10 on the worker's thread (Linux nice is per thread), as libsql's threads
        // (db/libsql-thread-priority.ts): the event loop gets about nine tenths of a shared core.
        niceIncrement: 10,
        // A 2 MB page's tree holds up to about 70 MB; a worker past this ends, not the server.
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      try {
        const task = { html, url, categories };
        return await pool.run(task, { signal: AbortSignal.timeout(timeLimitMs) });
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') return { tooSlow: true };
        throw error;
      }
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
