import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';

/**
 * The read pool's statements run on libsql's runtime threads (`tokio-runtime-w`, one per core),
 * inside the server process and so on the same CPUs as the event loop (`npm run bench` pins the
 * whole process to one). At equal priority the kernel shares a contended CPU evenly between the
 * runnable threads: two busy searches leave the event loop a third of it. A nice value of 10
 * (Linux sets nice per thread) gives the loop about nine tenths of a contended CPU; the searches
 * still get every idle cycle. Measured as in sqlite-read-pool.ts (noisy: the machine was loaded
 * by other work): in the first of three alternating rounds, details beside common-word searches
 * went from 508 req/s, p99 82 ms, loop p99 73 ms to 1,405 req/s, p99 36 ms, loop p99 36 ms; the
 * later rounds were too disturbed to tell. Lowering one's own priority needs no privilege.
 * Elsewhere than Linux (no /proc/self/task) this does nothing.
 */
export const LIBSQL_THREAD_NICE = 10;

/** libsql's runtime starts its threads on first use and may add some later: look again now and then. */
const RESCAN_MS = 5_000;

const lowered = new Set<number>();
let lastScan = Number.NEGATIVE_INFINITY;

export function lowerLibsqlThreadPriority(): void {
  const now = performance.now();
  if (now - lastScan < RESCAN_MS) return;
  lastScan = now;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const thread of threads) {
    const id = Number(thread);
    if (lowered.has(id)) continue;
    try {
      if (!readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').startsWith('tokio-runtime')) {
        continue;
      }
      setPriority(id, LIBSQL_THREAD_NICE);
      lowered.add(id);
    } catch {
      // The thread ended meanwhile, or the system refuses: it keeps its priority.
    }
  }
}

/** The nice value of each libsql runtime thread now (tests). */
export function libsqlThreadNiceValues(): number[] {
  const values: number[] = [];
  for (const thread of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').startsWith('tokio-runtime')) {
        values.push(getPriority(Number(thread)));
      }
    } catch {
      // Ended meanwhile.
    }
  }
  return values;
}
