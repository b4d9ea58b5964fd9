import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/**
 * The time by which a request's database work must be done, so the whole answer, 503 included,
 * leaves within 2 s however many statements the request runs. A per-statement limit alone lets
 * a request that ran one slow statement spend a full limit on its next one (2.1 s was seen in
 * test/faults/ on a loaded machine). mysql-statement-timeout.ts gives each MySQL statement what
 * is left of it; work outside a request (the mail outbox, tools) has no deadline.
 */
const deadlines = new AsyncLocalStorage<number>();

/** Database work of one request ends this long after the request arrived. */
export const REQUEST_DATABASE_BUDGET_MS = 1_800;

/** Runs `next` (the rest of the request) with a deadline `budgetMs` from now. */
export function withRequestDeadline(next: () => void, budgetMs = REQUEST_DATABASE_BUDGET_MS) {
  deadlines.run(performance.now() + budgetMs, next);
}

/** Milliseconds left of the current request's deadline, or undefined outside a request. */
export function requestTimeLeftMs(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : deadline - performance.now();
}

/** Runs `work` outside any request's deadline (background work a request merely started). */
export function outsideRequestDeadline<T>(work: () => T): T {
  return deadlines.exit(work);
}
