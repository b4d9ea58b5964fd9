import { busyReadError, slowReadError } from './read-overload.js';

/**
 * A concurrency budget for reads whose cost can grow with the data: at most `slots` of them run
 * at once, at most `queueLimit` wait for a slot (first come, first served), and a waiter gives up
 * after its wait limit. A full queue answers 503 at once (busyReadError) rather than queueing a
 * request for seconds; a wait past its limit answers 503 too (slowReadError). On SQLite the slots
 * are the read workers (sqlite-read-pool.ts); on MySQL a share of the connection pool
 * (read-pools.ts), so that searches cannot take every connection while details and page 1 wait.
 *
 * Hand-written rather than p-queue: p-queue 8 (the last release for Node 20) keeps a waiter
 * whose AbortSignal fired in its queue until its turn comes, so that caller would be answered
 * late and its dead entry would count against the bound; both have to be exact here.
 */
export class ReadBudget {
  #running = 0;
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

  /**
   * Runs `read` in a slot, which stays taken until `read` settles. Rejects without running it
   * when the queue is full or no slot frees within `waitMs`.
   */
  async run<T>(read: () => Promise<T>, waitMs: number): Promise<T> {
    await this.#acquire(waitMs);
    try {
      return await read();
    } finally {
      this.#release();
    }
  }

  #acquire(waitMs: number): Promise<void> {
    if (this.#running < this.slots && this.#waiting.size === 0) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting.size >= this.queueLimit) return Promise.reject(busyReadError());
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

  #release(): void {
    this.#running--;
    const next = this.#waiting.values().next();
    if (!next.done) next.value();
  }
}
