import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SendThrottle } from '../../src/modules/accounts/send-throttle.entity.js';
import {
  createAccount,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

/** A mail server as slow as the one the finding measured (60 ms for a known email). */
const SMTP_MS = 60;
const RUNS = 20;
const WARM_UP = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Medians within 15 ms or 25 %, whichever is larger: loose enough for a loaded 2-core machine,
 * yet a request that waits for a 60 ms mail server on one path only is far outside it.
 */
function expectSameTiming(known: number[], unknown: number[]) {
  const [k, u] = [median(known), median(unknown)];
  const tolerance = Math.max(15, 0.25 * Math.max(k, u));
  expect(
    Math.abs(k - u),
    `median ${k.toFixed(1)} ms for a known email vs ${u.toFixed(1)} ms for an unknown one`,
  ).toBeLessThanOrEqual(tolerance);
}

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  beforeAll(async () => {
    server = await startAccountServer(db(), { mailer: { send: () => sleep(SMTP_MS) } });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
  });

  async function timed(url: string, email: string): Promise<number> {
    const started = performance.now();
    const response = await server.app.inject({ method: 'POST', url, payload: { email } });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    return elapsed;
  }

  /**
   * Times known and unknown emails alternately (so load on the machine hits both alike). Between
   * calls, untimed, the outbox is drained as the worker would and `prepare` resets state.
   */
  async function compare(url: string, known: string, prepare: () => Promise<void>) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      for (const kind of ['known', 'unknown'] as const) {
        await prepare();
        const email = kind === 'known' ? known : `nobody${run}@example.com`;
        const elapsed = await timed(url, email);
        if (run >= WARM_UP) times[kind].push(elapsed);
        await server.deps.outbox.drain();
      }
    }
    expectSameTiming(times.known, times.unknown);
  }

  describe('POST /api/accounts/send-otp/', () => {
    it('answers a known and an unknown email in the same time (medians of 20)', async () => {
      await createAccount(orm().em.fork(), { email: 'known@example.com' });
      await compare('/api/accounts/send-otp/', 'known@example.com', async () => undefined);
    });
  });

  describe('POST /api/accounts/resend-verification/', () => {
    it('answers an unverified and an unknown email in the same time (medians of 20)', async () => {
      await createAccount(orm().em.fork(), { email: 'unverified@example.com', verified: false });
      // The 300 s cooldown would answer 429 from the second call on: lift it before each call.
      await compare('/api/accounts/resend-verification/', 'unverified@example.com', async () => {
        await orm()
          .em.fork()
          .nativeDelete(SendThrottle, { id: { $gt: 0 } });
      });
    });
  });
});
