import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_DETAIL } from '../../src/db/database-unavailable.js';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SERVING_TIMEOUTS } from '../../src/db/orm-options.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { startAccountServer, type AccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { FaultProxy } from '../support/fault-proxy.js';
import {
  LoadRun,
  describeAnswer,
  sleep,
  type Answer,
  type Operation,
} from '../support/fault-load.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { member } from '../support/recipe-world.js';
import { freshDatabase, mysqlUrl } from '../support/test-database.js';
import type { TemporaryDatabase } from '../../src/db/temporary-database.js';

/**
 * The database stopped (like a killed server) and frozen (like SIGSTOP) under a small load of
 * reads and writes on REST and tRPC: every answer comes within 2 s, during the fault it is 503 with
 * Retry-After and a clear message (no driver text), /api/health says the database is down, service
 * resumes within 5 s of the database coming back, and every write that was acknowledged is stored.
 * The app talks to MariaDB through a TCP proxy (test/support/fault-proxy.ts) that plays the fault:
 * the shared MariaDB itself is never touched.
 */
const ANSWER_WITHIN_MS = 2_000;
const RECOVERY_WITHIN_MS = 5_000;
const CLIENTS = 6;
const HEALTHY_MS = 600;
const FAULT_MS = 3_000;

describe.skipIf(!mysqlUrl())('MariaDB faults (set MYSQL_URL to run)', () => {
  let temporary: TemporaryDatabase;
  let proxy: FaultProxy;
  let orm: Database;
  let direct: Database;
  let server: AccountServer;
  let contract: OpenApiContract;
  let clients: { token: string; recipeId: number }[];

  beforeAll(async () => {
    contract = await OpenApiContract.load();
    temporary = await freshDatabase('mysql', 'faults');
    if (temporary.database.kind !== 'mysql') throw new Error('expected a MySQL database');
    const real = new URL(temporary.database.url);
    proxy = await FaultProxy.start({ host: real.hostname, port: Number(real.port || 3306) });
    // The server's ORM, with the server's own timeouts, through the proxy.
    orm = await openAppDatabase(
      { kind: 'mysql', url: proxy.proxiedUrl(temporary.database.url) },
      { migrate: true, timeouts: SERVING_TIMEOUTS },
    );
    // The test's own view of what is stored, straight to MariaDB.
    direct = await openAppDatabase(temporary.database, { migrate: false });
    server = await startAccountServer(orm);
    const em = orm.orm.em.fork();
    clients = [];
    for (let index = 0; index < CLIENTS; index++) {
      const { user, token } = await member(em, 'User');
      clients.push({ token, recipeId: (await createRecipe(em, user)).id });
    }
  });

  afterAll(async () => {
    await server?.close();
    if (orm) await orm.close();
    if (direct) await direct.close();
    await proxy?.close();
    await temporary?.drop();
  });

  /** Reads and writes on both faces, for one client: REST (problem details and the account envelope) and tRPC. */
  function operations({ token, recipeId }: { token: string; recipeId: number }): Operation[] {
    const authorization = `Bearer ${token}`;
    const rest = (method: 'GET' | 'POST', url: string, payload?: object) =>
      contract.inject(server.app, { method, url, headers: { authorization }, payload });
    const trpc = (method: 'GET' | 'POST', procedure: string, input: object) =>
      server.app.inject(
        method === 'GET'
          ? {
              method,
              url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
              headers: { authorization },
            }
          : { method, url: `/trpc/${procedure}`, headers: { authorization }, payload: input },
      );
    return [
      { name: 'REST list', send: () => rest('GET', '/api/recipes/lists/') },
      {
        name: 'REST comment',
        send: (unique) =>
          rest('POST', `/api/recipes/lists/${recipeId}/comments/`, { content: unique }),
        writes: (unique) => unique,
      },
      { name: 'tRPC detail', send: () => trpc('GET', 'recipes.get', { id: recipeId }) },
      { name: 'REST profile', send: () => rest('GET', '/api/accounts/profile/') },
      {
        name: 'tRPC comment',
        send: (unique) => trpc('POST', 'comments.create', { recipe: recipeId, content: unique }),
        writes: (unique) => unique,
      },
      { name: 'REST detail', send: () => rest('GET', `/api/recipes/lists/${recipeId}/`) },
    ];
  }

  async function health() {
    const started = performance.now();
    const response = await contract.inject(server.app, { method: 'GET', url: '/api/health' });
    return { response, tookMs: performance.now() - started };
  }

  /** The 503 every face answers while the database is away: status, Retry-After, clear body. */
  function expectUnavailable(answer: Answer) {
    const where = describeAnswer(answer);
    expect(answer.status, where).toBe(503);
    expect(answer.retryAfter, where).toMatch(/^[1-9]\d*$/);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    if (answer.operation.startsWith('tRPC')) {
      const error = body.error as { message?: string; data?: { code?: string } };
      expect(error.data?.code, where).toBe('SERVICE_UNAVAILABLE');
      expect(error.message, where).toBe(DATABASE_UNAVAILABLE_DETAIL);
    } else if (answer.operation === 'REST profile') {
      expect(body, where).toEqual({ status: 'error', message: DATABASE_UNAVAILABLE_DETAIL });
    } else {
      expect(answer.contentType, where).toContain('application/problem+json');
      expect(body.detail, where).toBe(DATABASE_UNAVAILABLE_DETAIL);
    }
    expect(answer.body, where).not.toMatch(
      /ECONN|ETIMEDOUT|PROTOCOL_|Knex|timeout|select |insert /i,
    );
  }

  async function storedComments(contents: string[]): Promise<Set<string>> {
    if (contents.length === 0) return new Set();
    const rows = await direct.orm.em.fork().find(Comment, { content: { $in: contents } });
    return new Set(rows.map((row) => row.content));
  }

  async function runFault(fault: { start(): Promise<void> | void; end(): Promise<void> }) {
    // Each client starts at another place in the round, so reads and writes overlap the fault.
    const load = new LoadRun(
      clients.map((client, index) => {
        const round = operations(client);
        return [...round.slice(index % round.length), ...round.slice(0, index % round.length)];
      }),
    );
    // Healthy first: at least HEALTHY_MS, and until every client has had an answer (a loaded
    // machine can be slow to get the first round through; the fault must not start before it).
    await sleep(HEALTHY_MS);
    const answered = () =>
      clients.every((_client, index) => load.answers.some((a) => a.client === index));
    while (!answered() && load.now() < 15_000) await sleep(50);
    const faultStart = load.now();
    await fault.start();
    await sleep(FAULT_MS / 2);
    const healthDown = await health();
    await sleep(FAULT_MS / 2);
    const faultEnd = load.now();
    await fault.end();

    // Run on until every client has answered 2xx three times in a row after the restore (at
    // most RECOVERY_WITHIN_MS + 1 s), so the pool is used well past its first new connection.
    const recovered = () =>
      clients.every((_client, index) => {
        const after = load.answers.filter((a) => a.client === index && a.startedMs >= faultEnd);
        return after.length >= 3 && after.slice(-3).every((a) => a.status < 300);
      });
    while (!recovered() && load.now() - faultEnd < RECOVERY_WITHIN_MS + 1_000) await sleep(50);
    const answers = await load.stop();
    const healthUp = await health();
    return { answers, faultStart, faultEnd, healthDown, healthUp };
  }

  async function expectCleanFault(run: Awaited<ReturnType<typeof runFault>>) {
    const { answers, faultStart, faultEnd, healthDown, healthUp } = run;

    // Every answer, before, during and after: within 2 s, and either success or a clean 503.
    for (const answer of answers) {
      expect(answer.tookMs, describeAnswer(answer)).toBeLessThan(ANSWER_WITHIN_MS);
      if (answer.status >= 300) expectUnavailable(answer);
    }
    // Before the fault everything worked; whatever ran wholly inside it was refused.
    const before = answers.filter((a) => a.endedMs < faultStart);
    expect(before.length).toBeGreaterThan(0);
    for (const answer of before) expect(answer.status, describeAnswer(answer)).toBeLessThan(300);
    const during = answers.filter((a) => a.startedMs >= faultStart && a.endedMs < faultEnd);
    expect(during.length).toBeGreaterThanOrEqual(CLIENTS);
    for (const answer of during) expect(answer.status, describeAnswer(answer)).toBe(503);
    for (const face of ['REST', 'tRPC']) {
      expect(
        during.some((a) => a.operation.startsWith(face)),
        `${face} answers during the fault`,
      ).toBe(true);
    }

    // Health: down during the fault, up after, each answered within 2 s.
    expect(healthDown.response.statusCode).toBe(503);
    expect(healthDown.response.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect(healthDown.tookMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(healthUp.response.statusCode).toBe(200);

    // Recovery: each client answered 2xx within 5 s of the restore, and nothing failed after that
    // (a connection left broken in the pool would fail a later request).
    clients.forEach((_client, index) => {
      const after = answers.filter((a) => a.client === index && a.startedMs >= faultEnd);
      const firstSuccess = after.findIndex((a) => a.status < 300);
      expect(firstSuccess, `client ${index} recovered`).toBeGreaterThanOrEqual(0);
      const recoveredAt = after[firstSuccess]!.endedMs;
      expect(recoveredAt - faultEnd, `client ${index} recovery time`).toBeLessThan(
        RECOVERY_WITHIN_MS,
      );
      for (const answer of after.slice(firstSuccess)) {
        expect(answer.status, describeAnswer(answer)).toBeLessThan(300);
      }
    });

    // No acknowledged write is lost; no write refused during the fault was stored anyway.
    const writes = answers.filter((a) => a.wrote !== undefined);
    const acknowledged = writes.filter((a) => a.status < 300).map((a) => a.wrote!);
    // A write that started during the fault got no statement past the first one (its session
    // lookup): whatever it answered later, a 503 means nothing of it may be stored.
    const refused = writes
      .filter((a) => a.status === 503 && a.startedMs >= faultStart)
      .map((a) => a.wrote!);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const stored = await storedComments([...acknowledged, ...refused]);
    expect(acknowledged.filter((content) => !stored.has(content))).toEqual([]);
    expect(refused.filter((content) => stored.has(content))).toEqual([]);
  }

  it('stopped: every answer is 503 with Retry-After within 2 s, and service resumes within 5 s with no acknowledged write lost', async () => {
    const run = await runFault({ start: () => proxy.stop(), end: () => proxy.restore() });
    await expectCleanFault(run);
  }, 30_000);

  it('frozen: every answer is 503 with Retry-After within 2 s, and service resumes within 5 s with no acknowledged write lost', async () => {
    const run = await runFault({ start: () => proxy.freeze(), end: () => proxy.restore() });
    await expectCleanFault(run);
  }, 30_000);
});
