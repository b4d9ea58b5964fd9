import { describe, expect, it } from 'vitest';
import { ReadBudget } from '../../src/db/read-budget.js';
import { SLOW_READ_DETAIL } from '../../src/db/read-overload.js';

/** A read that finishes when the test says so. */
function controlledRead() {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { read: () => done, finish };
}

const LONG_WAIT_MS = 60_000;

describe('ReadBudget', () => {
  it('runs up to its slots at once and the next waiter as soon as one frees, in arrival order', async () => {
    const budget = new ReadBudget(2, 10);
    const first = controlledRead();
    const second = controlledRead();
    const started: string[] = [];
    const a = budget.run(first.read, LONG_WAIT_MS);
    const b = budget.run(second.read, LONG_WAIT_MS);
    const c = budget.run(async () => {
      started.push('c');
      return 'c';
    }, LONG_WAIT_MS);
    const d = budget.run(async () => {
      started.push('d');
      return 'd';
    }, LONG_WAIT_MS);
    expect(budget.running).toBe(2);
    expect(budget.waiting).toBe(2);
    expect(started).toEqual([]);

    second.finish('b');
    expect(await b).toBe('b');
    expect(await c).toBe('c');
    expect(await d).toBe('d');
    expect(started).toEqual(['c', 'd']);
    first.finish('a');
    expect(await a).toBe('a');
    expect(budget.running).toBe(0);
    expect(budget.waiting).toBe(0);
  });

  it('answers 503 with Retry-After 1 at once when every slot and every queue place is taken', async () => {
    const budget = new ReadBudget(1, 1);
    const running = controlledRead();
    const queued = controlledRead();
    const a = budget.run(running.read, LONG_WAIT_MS);
    const b = budget.run(queued.read, LONG_WAIT_MS);
    let ran = false;
    await expect(
      budget.run(async () => {
        ran = true;
      }, LONG_WAIT_MS),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: SLOW_READ_DETAIL,
      options: { retryAfterSeconds: 1 },
    });
    expect(ran).toBe(false);
    running.finish('a');
    queued.finish('b');
    expect([await a, await b]).toEqual(['a', 'b']);
  });

  it('with no queue, refuses at once whatever is free later', async () => {
    const budget = new ReadBudget(1, 0);
    const running = controlledRead();
    const a = budget.run(running.read, LONG_WAIT_MS);
    await expect(budget.run(async () => 'b', LONG_WAIT_MS)).rejects.toMatchObject({
      options: { retryAfterSeconds: 1 },
    });
    running.finish('a');
    await a;
    expect(await budget.run(async () => 'c', LONG_WAIT_MS)).toBe('c');
  });

  it('a waiter gives up at its wait limit (503, Retry-After 5), leaves the queue and never runs', async () => {
    const budget = new ReadBudget(1, 5);
    const running = controlledRead();
    const a = budget.run(running.read, LONG_WAIT_MS);
    let ran = false;
    await expect(
      budget.run(async () => {
        ran = true;
      }, 20),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', options: { retryAfterSeconds: 5 } });
    expect(budget.waiting).toBe(0);
    running.finish('a');
    await a;
    expect(ran).toBe(false);
    expect(budget.running).toBe(0);
  });

  it('refuses at once a read that would wait longer than its limit behind the queued reads, at the recent average run time', async () => {
    const budget = new ReadBudget(1, 100);
    await budget.run(() => new Promise((resolve) => setTimeout(resolve, 20)), LONG_WAIT_MS);
    const average = budget.averageRunMs;
    expect(average).toBeGreaterThan(0);
    const running = controlledRead();
    const a = budget.run(running.read, LONG_WAIT_MS);
    // The first waiter waits only for the running read (which ends by its own limit); the next
    // ones for 1 and 2 average runs ahead of them, within 2.5; a fourth would wait 3.
    const waitMs = average * 2.5;
    const queued = [
      budget.run(async () => 'b', waitMs),
      budget.run(async () => 'c', waitMs),
      budget.run(async () => 'd', waitMs),
    ];
    await expect(budget.run(async () => 'e', waitMs)).rejects.toMatchObject({
      options: { retryAfterSeconds: 1 },
    });
    // With a longer limit the same place in the queue is fine.
    queued.push(budget.run(async () => 'f', average * 3.5));
    running.finish('a');
    expect([await a, ...(await Promise.all(queued))]).toEqual(['a', 'b', 'c', 'd', 'f']);
  });

  it('frees the slot of a read that fails', async () => {
    const budget = new ReadBudget(1, 0);
    await expect(
      budget.run(async () => {
        throw new Error('boom');
      }, LONG_WAIT_MS),
    ).rejects.toThrow('boom');
    expect(await budget.run(async () => 'next', LONG_WAIT_MS)).toBe('next');
  });
});
