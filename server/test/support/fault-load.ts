import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';

/** One request of a load run: when it started and ended (ms since the run began), and its answer. */
export interface Answer {
  client: number;
  operation: string;
  startedMs: number;
  endedMs: number;
  tookMs: number;
  status: number;
  retryAfter: string | undefined;
  contentType: string;
  body: string;
  /** For writes: what the write stores, to look it up afterwards. */
  wrote?: string;
}

export interface Operation {
  name: string;
  /** Sends one request; `unique` is different for every call (for writes that must be found later). */
  send(unique: string): Promise<LightMyRequestResponse>;
  /** The text the write stores, when the operation is a write. */
  writes?: (unique: string) => string;
}

/**
 * A small, steady load: `clients` loops, each sending its operations round-robin back to back,
 * every answer recorded with its timing, until `stop()`. Times are relative to `start()`.
 */
export class LoadRun {
  readonly answers: Answer[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private readonly origin = performance.now();
  private sequence = 0;

  constructor(operationsPerClient: Operation[][]) {
    operationsPerClient.forEach((operations, client) => {
      this.loops.push(this.loop(client, operations));
    });
  }

  now(): number {
    return performance.now() - this.origin;
  }

  async stop(): Promise<Answer[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.answers;
  }

  private async loop(client: number, operations: Operation[]) {
    for (let turn = 0; this.running; turn++) {
      const operation = operations[turn % operations.length];
      if (!operation) return;
      const unique = `load-${client}-${++this.sequence}-${Date.now()}`;
      const startedMs = this.now();
      let response: LightMyRequestResponse | undefined;
      let failure = '';
      try {
        response = await operation.send(unique);
      } catch (error) {
        // e.g. the OpenAPI check refusing an undocumented answer: recorded, so the test names it.
        failure = error instanceof Error ? error.message : String(error);
      }
      const endedMs = this.now();
      this.answers.push({
        client,
        operation: operation.name,
        startedMs,
        endedMs,
        tookMs: endedMs - startedMs,
        status: response?.statusCode ?? 0,
        retryAfter: response ? header(response, 'retry-after') : undefined,
        contentType: (response && header(response, 'content-type')) ?? '',
        body: response?.body ?? failure,
        ...(operation.writes ? { wrote: operation.writes(unique) } : {}),
      });
      // Yield so timers (the fault switch, the statement timeouts) run between requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function header(response: LightMyRequestResponse, name: string): string | undefined {
  const value = response.headers[name];
  return value === undefined ? undefined : String(value);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A readable line for a failed expectation about one answer. */
export function describeAnswer(answer: Answer): string {
  return `${answer.operation} (client ${answer.client}) ${answer.startedMs.toFixed(0)}-${answer.endedMs.toFixed(0)} ms: ${answer.status} ${answer.body.slice(0, 200)}`;
}
