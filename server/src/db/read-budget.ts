import { performance } from 'node:perf_hooks';
import { busyReadError, slowReadError } from './read-overload.js';

/**
 * The two kinds of costly read, each with its own budget so that neither waits behind the other:
 * a search (ranking, count, pages) and a list read (counts, filtered and deep pages).
 */
export type CostlyReadKind = 'search' | 'list';

/**
 * A concurrency budget for reads whose cost can grow with the data: at most `slots` of them run
 * at once, the others wait for a slot (first come, first served) and give up at their wait limit
 * (503, slowReadError). A read that would only wait to be refused is refused at once (503 with
 * Retry-After 1, busyReadError), rather than queued for seconds: when the queue holds
 * `queueLimit` reads, or when the reads queued ahead of it, at the recent average run time, would
 * take longer than its wait limit. A fixed queue length alone cannot tell the two apart: 50 list
 * counts of 3 ms queue for 75 ms, 50 searches of 300 ms for 7 s (the first bench run with a
 * queue of 16 refused half of list page 1's requests with caches off). The reads already running
 * are not counted: each ends by its own time limit, and counting them refused even a lone page 1
 * right after a flood of category filters had pushed the average to the limit (bench, caches
 * off). On SQLite the slots are read connections (sqlite-read-pool.ts); on MySQL a share of the
 * connection pool (read-pools.ts), so that searches cannot take every connection while details
 * and page 1 wait.
 *
 * Hand-written rather than p-queue: p-queue 8 (the last release for Node 20) keeps a waiter
 * whose AbortSignal fired in its queue until its turn comes, so that caller would be answered
 * late and its dead entry would count against the bound; both have to be exact here.
 */
export class ReadBudget {
  #running = 0;
  /** Recent run time of a read (exponential moving average), 0 before the first one. */
  #averageRunMs = 0;
  /** Grants in arrival order (a Set iterates in insertion order and deletes in O(1)). */
  readonly #waiting = new Set<() => void>();

  constructor(
    readonly slots: number,
    readonly queueLimit: number,
  ) {}

  /** Reads running now. */
  get running(): number {
    return this.#running;
  }

  /** Reads waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** The recent average run time of a read, in milliseconds (0 before the first one ends). */
  get averageRunMs(): number {
    return this.#averageRunMs;
  }

  /**
   * Runs `read` in a slot, which stays taken until `read` settles. Rejects without running it
   * when the queue is full or no slot frees within `waitMs`.
   */
  async run<T>(read: () => Promise<T>, waitMs: number): Promise<T> {
    await this.#acquire(waitMs);
    const started = performance.now();
    try {
      return await read();
    } finally {
      this.#observe(performance.now() - started);
      this.#release();
    }
  }

  #acquire(waitMs: number): Promise<void> {
    if (this.#running < this.slots && this.#waiting.size === 0) {
      this.#running++;
      return Promise.resolve();
    }
    const waitsFor = Math.ceil(this.#waiting.size / this.slots) * this.#averageRunMs;
    if (this.#waiting.size >= this.queueLimit || waitsFor > waitMs) {
      return Promise.reject(busyReadError());
    }
    if (waitMs <= 0) return Promise.reject(slowReadError());
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        this.#waiting.delete(grant);
        this.#running++;
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiting.delete(grant);
        reject(slowReadError());
      }, waitMs);
      this.#waiting.add(grant);
    });
  }

  #observe(ms: number): void {
    // A tenth of the newest: follows a change of load within a few dozen reads.
    this.#averageRunMs = this.#averageRunMs === 0 ? ms : this.#averageRunMs * 0.9 + ms * 0.1;
  }

  #release(): void {
    this.#running--;
    const next = this.#waiting.values().next();
    if (!next.done) next.value();
  }
}
