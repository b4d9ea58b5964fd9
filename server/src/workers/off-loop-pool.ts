import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/** What `OffLoopPool.run` answers when a task outlasts its time limit (its worker is ended). */
export const TOO_SLOW = Symbol('too slow');

/**
 * Runs synchronous, input-sized work (parsing a fetched page) on worker threads, so that no input,
 * however it is built, holds up the event loop and every other request. Created with the service
 * deps and closed with them; each task names its worker file (piscina
 * calls the file's default export), so features bring their work without a pool of their own.
 */
export interface OffLoopPool {
  /** `workerFile`'s default export applied to `task`, or TOO_SLOW after `timeLimitMs`. */
  run<Task, Result>(
    workerFile: URL,
    task: Task,
    timeLimitMs: number,
  ): Promise<Result | typeof TOO_SLOW>;
  /** Ends the workers; a task under way rejects. */
  close(): Promise<void>;
}

// Under tsx and vitest this module is TypeScript and so are the worker files, which then need
// tsx's loader (`--import tsx`); the built server runs them as JavaScript with the process's flags.
const UNDER_TSX = extname(fileURLToPath(import.meta.url)) === '.ts';

/** The worker file beside `moduleUrl` named `name`, with the extension this build runs. */
export function workerFileBeside(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${UNDER_TSX ? '.ts' : '.js'}`, moduleUrl);
}

export function createOffLoopPool(): OffLoopPool {
  // One piscina pool per worker file, created by its first task: a pool given its file loads it
  // as each thread starts, so a task that is aborted (and its thread ended) does not leave the
  // next one to load the file again inside its own time limit.
  const pools = new Map<string, Piscina>();
  let closed = false;
  const poolOf = (workerFile: URL) => {
    let pool = pools.get(workerFile.href);
    if (!pool) {
      pool = new Piscina({
        filename: workerFile.href,
        execArgv: UNDER_TSX ? ['--import', 'tsx'] : undefined,
        // Two at a time on this 2-core machine: one slow task does not hold up the others, and
        // the event loop keeps most of a core (below). Idle workers stay a minute, unref'd, so a
        // burst starts one once and an idle pool never keeps the process alive.
        minThreads: 0,
        maxThreads: 2,
        idleTimeout: 60_000,
        // Nice 10 on the worker's thread (Linux nice is per thread), as libsql's threads
        // (db/libsql-thread-priority.ts): the event loop gets about nine tenths of a shared core.
        niceIncrement: 10,
        // A 2 MB page's tree holds up to about 70 MB; a worker past this ends, not the server.
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      pools.set(workerFile.href, pool);
    }
    return pool;
  };
  return {
    async run<Task, Result>(workerFile: URL, task: Task, timeLimitMs: number) {
      if (closed) throw new Error('the off-loop pool is closed');
      try {
        return (await poolOf(workerFile).run(task, {
          signal: AbortSignal.timeout(timeLimitMs),
        })) as Result;
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') return TOO_SLOW;
        throw error;
      }
    },
    async close() {
      closed = true;
      await Promise.all([...pools.values()].map((pool) => pool.destroy()));
    },
  };
}
