import Database from 'libsql/promise';
import { lowerLibsqlThreadPriority } from './libsql-thread-priority.js';
import { SQLITE_MMAP_BYTES } from './orm-options.js';
import { PreparedStatements } from './sqlite-statement-cache.js';
import { ReadBudget, type CostlyReadKind } from './read-budget.js';
import { slowReadError } from './read-overload.js';
import { requestTimeLeftMs } from './request-deadline.js';

/**
 * SQLite's read pool: a few extra read-only connections to the server's database file (WAL lets
 * them read beside the one writer) that run the costly hot reads (search ranking and counts, list
 * counts, filtered and deep list pages; see costlyRows in db/sqlite-database.ts) without the
 * event loop waiting for them. MikroORM's connection (libsql's synchronous API) runs every
 * statement on the event-loop thread: one 300 ms search stalled every request (issue 12's bench:
 * details got no answer in 10 s beside 10 connections of common-word searches, loop delay p99
 * 1.3 s).
 *
 * Why libsql's promise API and not worker threads (measured here, libsql 0.5.29, Node 20, on this
 * 2-core machine while other work loaded it, so the times are rough):
 * - Its statements take their first step, where a count, a sort or a ranking does all of its
 *   work, on libsql's own threads: a 440 ms count ran while a 10 ms interval fired 41 times, the
 *   loop's longest delay 11 ms.
 * - So the loop stays free to interrupt a statement at its time limit (sqlite3_interrupt:
 *   SQLITE_INTERRUPT within 1 ms), the same bound MySQL has. A worker thread cannot be stopped
 *   that way: terminating a worker inside a libsql call aborts the whole process (neon panics on
 *   the pending termination with the synchronous API, libsql's runtime thread on the closed
 *   channel with the promise API), and so does any worker that dies mid-query: a crashed read
 *   worker could never have been "replaced".
 * - Handing a read to a piscina worker cost the event loop 50-340 µs (postMessage and the
 *   structured clone of the rows both ways); a pooled read here about 20 µs.
 * The rows after the first are stepped on the event loop, as on the main connection; the reads
 * sent here do their work before their first row (an aggregate or an ORDER BY over a derived
 * page: "USE TEMP B-TREE FOR ORDER BY" in each plan), so that part is a few microseconds.
 *
 * Point reads (a detail, page 1's rows, a page's categories, reactions and comments) stay on the
 * main connection although a pooled primary-key read cost the loop less (20 µs against 40-55 µs
 * on the main connection, libsql alone, one CPU): libsql runs one statement per core at a time
 * for all its connections, so a detail's reads would queue there behind the searches, which is
 * what this pool exists to prevent.
 *
 * Measured with the built server pinned to one CPU as `npm run bench` pins it (100,000 recipes,
 * caches off, 5 s phases; the machine was loaded by other work, the ceiling between 5,000 and
 * 41,000 req/s, so only same-run comparisons mean anything): beside 10 connections of
 * common-word searches, 10 connections of details got no answer within 5 s with every statement
 * on the event loop (SQLITE_READ_CONNECTIONS=0; loop delay p99 640-1,300 ms), and 115-1,536
 * req/s, p99 36-354 ms (loop p99 32-180 ms) with the pool; in the quietest run (ceiling 34,000)
 * details p99 40 ms, loop p99 32 ms. List page 1 and details alone: no change beyond the noise.
 *
 * Each statement runs in autocommit on a connection with no transaction of its own, so it reads
 * the latest commit: a write committed on the main connection is visible to the next pooled read.
 */

export interface SqliteReadPoolOptions {
  path: string;
  /**
   * Read connections, i.e. costly reads running at once (at least 2): searches may use half of
   * them (rounded down), list counts and filtered pages the rest, so that neither kind waits
   * behind the other (the first bench run with one queue for both refused page 1's count,
   * 3 ms, because the searches ahead of it took 300 ms each).
   */
  connections: number;
  /** Costly reads of one kind that may wait (each kind has its own queue). */
  queueLimit: number;
  busyTimeoutMs: number;
}

/** How SqliteReadPoolOptions.connections are shared between the two kinds of costly read. */
export function laneSlots(connections: number): Record<CostlyReadKind, number> {
  const search = Math.max(1, Math.floor(connections / 2));
  return { search, list: Math.max(1, connections - search) };
}

export interface ReadLimits {
  /** How long the read may wait for a connection. */
  waitMs: number;
  /** How long its statement may run once it has one (less if the request's deadline is nearer). */
  timeLimitMs: number;
}

interface Statement {
  all(bindings: unknown[]): Promise<Record<string, unknown>[]>;
}
interface Connection {
  prepare(sql: string): Promise<Statement>;
  exec(sql: string): Promise<unknown>;
  interrupt(): void;
  close(): void;
}

/** Prepared statements kept per connection (as sqlite-statement-cache.ts does for the main one). */
const STATEMENT_CACHE_SIZE = 100;

class ReadConnection {
  readonly #statements = new PreparedStatements<Statement>(STATEMENT_CACHE_SIZE);
  private constructor(readonly connection: Connection) {}

  static async open(path: string, busyTimeoutMs: number): Promise<ReadConnection> {
    const connection = new Database(path, {}) as unknown as Connection;
    try {
      // A reader never writes, whatever SQL it is handed.
      await connection.exec('pragma query_only = on');
      await connection.exec(`pragma busy_timeout = ${Math.round(busyTimeoutMs)}`);
      // As the main connection (orm-options.ts): pages read from the mapped file, not copied.
      await connection.exec(`pragma mmap_size = ${SQLITE_MMAP_BYTES}`);
    } catch (error) {
      connection.close();
      throw error;
    }
    return new ReadConnection(connection);
  }

  /** The statement for `sql`, prepared once; the least recently used is dropped first. */
  async prepared(sql: string): Promise<Statement> {
    let statement = this.#statements.take(sql);
    if (statement === undefined) {
      statement = await this.connection.prepare(sql);
      this.#statements.keep(sql, statement);
    }
    return statement;
  }
}

/**
 * Stops the statement on a connection: sqlite3_interrupt, repeated every INTERRUPT_REPEAT_MS
 * until the read settles. Once is not enough: an interrupt is a no-op while the connection runs
 * nothing, and a statement may still be on its way to libsql's threads (being prepared, or
 * queued behind the others: libsql runs as many statements at once as the machine has cores).
 */
class Interruption {
  #repeat: NodeJS.Timeout | undefined;
  started = false;
  constructor(private readonly connection: Connection) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.connection.interrupt();
    this.#repeat = setInterval(() => this.connection.interrupt(), INTERRUPT_REPEAT_MS);
  }

  end(): void {
    clearInterval(this.#repeat);
  }
}

const INTERRUPT_REPEAT_MS = 20;

export class SqliteReadPool {
  readonly #budgets: Record<CostlyReadKind, ReadBudget>;
  readonly #idle: ReadConnection[] = [];
  readonly #running = new Map<ReadConnection, Interruption>();
  readonly #reads = new Set<Promise<unknown>>();
  #closed = false;
  #served = 0;

  constructor(private readonly options: SqliteReadPoolOptions) {
    const slots = laneSlots(options.connections);
    this.#budgets = {
      search: new ReadBudget(slots.search, options.queueLimit),
      list: new ReadBudget(slots.list, options.queueLimit),
    };
  }

  /** Reads that got their rows from the pool so far (tests and diagnostics). */
  get served(): number {
    return this.#served;
  }

  /** Costly reads of a kind running and waiting now (tests and diagnostics). */
  load(kind: CostlyReadKind): { running: number; waiting: number } {
    return { running: this.#budgets[kind].running, waiting: this.#budgets[kind].waiting };
  }

  /**
   * The rows of `sql` (`?` placeholders, `bindings` as libsql binds them), read on a pooled
   * connection. 503 when no connection frees within `waitMs`, when the queue is full, or when
   * the statement runs past `timeLimitMs` (interrupted). Other SQLite errors are thrown with
   * their `code`, so database-unavailable.ts classifies them as for the main connection.
   */
  read<T>(
    kind: CostlyReadKind,
    sql: string,
    bindings: unknown[],
    limits: ReadLimits,
  ): Promise<T[]> {
    if (this.#closed) return Promise.reject(slowReadError());
    const read = this.#budgets[kind].run(
      () => this.#readOnConnection<T>(sql, bindings, limits),
      limits.waitMs,
    );
    this.#reads.add(read);
    const forget = () => this.#reads.delete(read);
    read.then(forget, forget);
    return read;
  }

  async #readOnConnection<T>(sql: string, bindings: unknown[], limits: ReadLimits): Promise<T[]> {
    const timeLimitMs = Math.min(limits.timeLimitMs, requestTimeLeftMs() ?? limits.timeLimitMs);
    // Waited in the queue while the pool closed, or until the request had no time left.
    if (this.#closed || timeLimitMs <= 0) throw slowReadError();
    const reader =
      this.#idle.pop() ??
      (await ReadConnection.open(this.options.path, this.options.busyTimeoutMs));
    const stop = new Interruption(reader.connection);
    this.#running.set(reader, stop);
    // The pool closed while this connection was opening: close() could not see it.
    if (this.#closed) stop.start();
    const timer = setTimeout(() => stop.start(), timeLimitMs);
    let reusable = false;
    try {
      const statement = await reader.prepared(sql);
      const rows = (await statement.all(bindings)) as T[];
      reusable = !stop.started;
      this.#served++;
      return rows;
    } catch (error) {
      if (stop.started) throw slowReadError();
      throw error;
    } finally {
      clearTimeout(timer);
      stop.end();
      this.#running.delete(reader);
      // A statement that failed (busy, interrupted, I/O) may stay open and hold its read
      // snapshot (see sqlite-busy-connections.ts): that connection is closed and the next read
      // opens a fresh one (about a millisecond).
      if (reusable && !this.#closed) this.#idle.push(reader);
      else reader.connection.close();
      // Its statement ran on libsql's threads, which must not take the event loop's CPU.
      lowerLibsqlThreadPriority();
    }
  }

  /**
   * Refuses new reads, interrupts the running ones (shutdown comes after the server stopped
   * taking requests, so normally there are none) and closes every connection.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const stop of this.#running.values()) stop.start();
    await Promise.allSettled([...this.#reads]);
    for (const reader of this.#idle.splice(0)) reader.connection.close();
  }
}
