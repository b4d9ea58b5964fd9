import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../src/app-database.js';
import { hashPassword } from '../../src/modules/users/password.js';
import { createMemoryStore } from '../../src/security/memory-rate-limit-store.js';
import type { RateLimiterStore } from '../../src/security/rate-limit-store.js';
import {
  DEFAULT_RATE_LIMITS,
  createRateLimiter,
  type LimitedAction,
  type RateLimits,
} from '../../src/security/rate-limiter.js';
import { createRedisStore } from '../../src/security/redis-rate-limit-store.js';
import {
  GENEROUS_LIMITS,
  PASSWORD,
  bearer,
  createAccount,
  lastEmailTo,
  resetCode,
  startAccountServer,
  type AccountServer,
  type AppCaller,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/** One attempt per point: at most one call per two minutes for `action`, per IP. */
function oneCallFor(action: LimitedAction): RateLimits {
  return { ...GENEROUS_LIMITS, [action]: { ip: { points: 1, durationSeconds: 120 } } };
}

let sequence = 0;
const unique = () => `person${++sequence}-${randomBytes(3).toString('hex')}@example.com`;

interface Case {
  action: LimitedAction;
  method: 'POST';
  url: string;
  envelope: boolean;
  /** Returns the body and headers of one call (new values each time). */
  request(server: AccountServer): Promise<{ payload: object; headers?: Record<string, string> }>;
  trpc(caller: (token?: string) => AppCaller, server: AccountServer): Promise<unknown>;
}

async function resetTokenFor(server: AccountServer, email: string): Promise<string> {
  await server.caller().accounts.sendOtp({ email });
  const otp = resetCode(await lastEmailTo(server, email));
  return (await server.caller().accounts.verifyOtp({ email, otp })).token;
}

const CASES: Case[] = [
  {
    action: 'register',
    method: 'POST',
    url: '/api/accounts/register/',
    envelope: true,
    request: async () => ({
      payload: { email: unique(), firstName: 'A', lastName: 'B', password: PASSWORD },
    }),
    trpc: (caller) =>
      caller().accounts.register({
        email: unique(),
        firstName: 'A',
        lastName: 'B',
        password: PASSWORD,
      }),
  },
  {
    action: 'login',
    method: 'POST',
    url: '/api/accounts/login/',
    envelope: true,
    request: async () => ({ payload: { email: unique(), password: 'wrong-password' } }),
    trpc: (caller) => caller().accounts.login({ email: unique(), password: 'wrong-password' }),
  },
  {
    action: 'resendVerification',
    method: 'POST',
    url: '/api/users/resend-verification/',
    envelope: true,
    request: async () => ({ payload: { email: unique() } }),
    trpc: (caller) => caller().accounts.resendVerification({ email: unique() }),
  },
  {
    action: 'sendOtp',
    method: 'POST',
    url: '/api/accounts/send-otp/',
    envelope: true,
    request: async () => ({ payload: { email: unique() } }),
    trpc: (caller) => caller().accounts.sendOtp({ email: unique() }),
  },
  {
    action: 'verifyOtp',
    method: 'POST',
    url: '/api/accounts/verify-otp/',
    envelope: true,
    request: async () => ({ payload: { email: unique(), otp: '123456' } }),
    trpc: (caller) => caller().accounts.verifyOtp({ email: unique(), otp: '123456' }),
  },
  {
    action: 'resetPassword',
    method: 'POST',
    url: '/api/accounts/reset-password/',
    envelope: true,
    request: async (server) => {
      const email = unique();
      await createAccount(server.deps.orm.em.fork(), { email });
      return {
        payload: { password: 'a-new-long-passphrase' },
        headers: bearer(await resetTokenFor(server, email)),
      };
    },
    trpc: async (caller, server) => {
      const email = unique();
      await createAccount(server.deps.orm.em.fork(), { email });
      return caller(await resetTokenFor(server, email)).accounts.resetPassword({
        password: 'a-new-long-passphrase',
      });
    },
  },
  {
    action: 'contact',
    method: 'POST',
    url: '/api/contact/',
    envelope: false,
    request: async () => ({ payload: { name: 'A', email: unique(), message: 'Hello' } }),
    trpc: (caller) => caller().contact.create({ name: 'A', email: unique(), message: 'Hello' }),
  },
];

forEachDatabase(({ orm, db }) => {
  beforeEach(async () => {
    await clearTables(orm());
  });

  describe.each(CASES)('$method $url', (testCase) => {
    let server: AccountServer;
    beforeAll(async () => {
      server = await startAccountServer(db(), { rateLimits: oneCallFor(testCase.action) });
    });
    afterAll(async () => {
      await server.close();
    });

    it('answers 429 with Retry-After once the per-IP limit is used up', async () => {
      const ip = `10.0.0.${++sequence % 250}`;
      const call = async () => {
        const { payload, headers } = await testCase.request(server);
        return contract.inject(server.app, {
          method: testCase.method,
          url: testCase.url,
          payload,
          headers,
          remoteAddress: ip,
        });
      };
      const first = await call();
      expect(first.statusCode).not.toBe(429);
      const second = await call();
      expect(second.statusCode).toBe(429);
      const retryAfter = Number(second.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(100);
      expect(retryAfter).toBeLessThanOrEqual(120);
      if (testCase.envelope) {
        expect(second.json()).toEqual({
          status: 'cooldown',
          message: `Too many requests. Please try again in ${retryAfter} seconds.`,
          remaining: retryAfter,
        });
      } else {
        expect(second.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      }
      // Another IP is not affected.
      const { payload, headers } = await testCase.request(server);
      const other = await server.app.inject({
        method: testCase.method,
        url: testCase.url,
        payload,
        headers,
        remoteAddress: '192.168.7.7',
      });
      expect(other.statusCode).not.toBe(429);
    });

    it('answers TOO_MANY_REQUESTS over tRPC', async () => {
      const ip = `172.16.0.${++sequence % 250}`;
      const caller = (token?: string) => server.caller(token ?? null, ip);
      await testCase.trpc(caller, server).catch(() => undefined);
      const error = (await testCase.trpc(caller, server).catch((e: unknown) => e)) as TRPCError;
      expect(error).toBeInstanceOf(TRPCError);
      expect(error.code).toBe('TOO_MANY_REQUESTS');
    });
  });

  describe('POST /api/accounts/login/ per email and per IP', () => {
    it('limits guesses on one account across IPs', async () => {
      const server = await startAccountServer(db(), {
        rateLimits: {
          ...GENEROUS_LIMITS,
          login: {
            ip: { points: 100, durationSeconds: 60 },
            subject: { points: 2, durationSeconds: 60 },
          },
        },
      });
      try {
        const attempt = (email: string, ip: string) =>
          server.app.inject({
            method: 'POST',
            url: '/api/accounts/login/',
            payload: { email, password: 'wrong-password' },
            remoteAddress: ip,
          });
        expect((await attempt('target@example.com', '10.1.0.1')).statusCode).toBe(401);
        expect((await attempt('TARGET@example.com', '10.1.0.2')).statusCode).toBe(401);
        expect((await attempt('target@example.com', '10.1.0.3')).statusCode).toBe(429);
        expect((await attempt('someone-else@example.com', '10.1.0.3')).statusCode).toBe(401);
      } finally {
        await server.close();
      }
    });

    it('counts only failures per IP: members sign in from one address, a sprayer is stopped', async () => {
      const server = await startAccountServer(db(), {
        rateLimits: { ...GENEROUS_LIMITS, login: { ip: { points: 3, durationSeconds: 60 } } },
      });
      try {
        const attempt = (email: string, password: string, ip = '10.2.0.1') =>
          server.app.inject({
            method: 'POST',
            url: '/api/accounts/login/',
            payload: { email, password },
            remoteAddress: ip,
          });
        const passwordHash = await hashPassword(PASSWORD);
        const members = ['ana', 'ben', 'chloe', 'dev', 'emil', 'farah'].map(
          (n) => `${n}@example.com`,
        );
        for (const email of members) {
          await createAccount(orm().em.fork(), { email, passwordHash });
        }
        for (const email of members) {
          expect((await attempt(email, PASSWORD)).statusCode).toBe(200);
        }
        const sprayed: number[] = [];
        for (const email of members.slice(0, 4)) {
          sprayed.push((await attempt(email, 'Summer2024!')).statusCode);
        }
        expect(sprayed).toEqual([401, 401, 401, 429]);
        // The address is refused now, right password or not; another address is not.
        expect((await attempt(members[4]!, PASSWORD)).statusCode).toBe(429);
        expect((await attempt(members[4]!, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
      } finally {
        await server.close();
      }
    });
  });
});

describe('memory store', () => {
  it('opens a new window once the old one is over', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    const rule = { points: 1, durationSeconds: 10 };
    expect((await store.consume('k', rule)).allowed).toBe(true);
    const blocked = await store.consume('k', rule);
    expect(blocked).toEqual({ allowed: false, count: 2, retryAfterSeconds: 10 });
    now += 10_000;
    expect((await store.consume('k', rule)).allowed).toBe(true);
  });

  it('lets attempts through (and reports) when the store fails', async () => {
    const errors: unknown[] = [];
    const limiter = createRateLimiter({
      store: {
        consume: () => Promise.reject(new Error('redis down')),
        refund: () => Promise.reject(new Error('redis down')),
        clear: () => Promise.reject(new Error('redis down')),
        close: async () => undefined,
      },
      limits: GENEROUS_LIMITS,
      onStoreError: (error) => errors.push(error),
    });
    await expect(
      limiter.hit('login', { ip: '1.2.3.4', subject: 'a@b.c' }),
    ).resolves.toBeUndefined();
    expect(errors).toHaveLength(2);
    const who = { ip: '1.2.3.4', subject: 'a@b.c', subjectAndIp: 'a@b.c 1.2.3.4' };
    await expect(limiter.limitFailures('login', who, async () => 'passed')).resolves.toBe('passed');
    await expect(limiter.limitFailures('login', who, async () => undefined)).resolves.toBe(
      undefined,
    );
    await expect(limiter.forgetFailures('login', 'a@b.c')).resolves.toBeUndefined();
    expect(errors.length).toBeGreaterThan(2);
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisReachable();

describe('Redis store', () => {
  it.skipIf(!hasRedis)(
    `shares counters between server processes (needs Redis at ${redisUrl}; skipped when unreachable)`,
    async () => {
      const prefix = `recipehub-test:${randomBytes(4).toString('hex')}:`;
      const a = new Redis(redisUrl);
      const b = new Redis(redisUrl);
      const rule = { points: 2, durationSeconds: 30 };
      try {
        const storeA = createRedisStore(a, prefix);
        const storeB = createRedisStore(b, prefix);
        expect((await storeA.consume('login:ip:1.2.3.4', rule)).allowed).toBe(true);
        expect((await storeB.consume('login:ip:1.2.3.4', rule)).allowed).toBe(true);
        const third = await storeA.consume('login:ip:1.2.3.4', rule);
        expect(third.allowed).toBe(false);
        expect(third.retryAfterSeconds).toBeGreaterThan(25);
        expect(third.retryAfterSeconds).toBeLessThanOrEqual(30);
        expect(await a.pttl(`${prefix}login:ip:1.2.3.4`)).toBeGreaterThan(0);
      } finally {
        await a.del(`${prefix}login:ip:1.2.3.4`);
        a.disconnect();
        b.disconnect();
      }
    },
  );

  it.skipIf(!hasRedis)(
    'makes two app instances with REDIS_URL share the limits (skipped without Redis)',
    async () => {
      const temporary = await openAppDatabase(
        { kind: 'sqlite', path: ':memory:' },
        { migrate: true },
      );
      const options = {
        config: { redisUrl },
        rateLimits: oneCallFor('contact'),
      };
      const first = await startAccountServer(temporary, options);
      const second = await startAccountServer(temporary, options);
      const ip = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
      const send = (server: AccountServer) =>
        server.app.inject({
          method: 'POST',
          url: '/api/contact/',
          payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
          remoteAddress: ip,
        });
      try {
        expect((await send(first)).statusCode).toBe(201);
        const limited = await send(second);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await first.close();
        await second.close();
        await temporary.close();
      }
    },
  );

  it.skipIf(!hasRedis)(
    'counts login failures only, shared by two app instances; a reset on one clears them on both (skipped without Redis)',
    async () => {
      const temporary = await openAppDatabase(
        { kind: 'sqlite', path: ':memory:' },
        { migrate: true },
      );
      const options = {
        config: { redisUrl },
        rateLimits: { ...GENEROUS_LIMITS, login: DEFAULT_RATE_LIMITS.login },
      };
      const first = await startAccountServer(temporary, options);
      const second = await startAccountServer(temporary, options);
      const email = unique();
      await createAccount(temporary.orm.em.fork(), { email });
      const ip = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
      const login = (server: AccountServer, password = PASSWORD) =>
        server.app.inject({
          method: 'POST',
          url: '/api/accounts/login/',
          payload: { email, password },
          remoteAddress: ip,
        });
      try {
        for (let signIn = 0; signIn < 10; signIn++) {
          expect((await login(signIn % 2 ? first : second)).statusCode).toBe(200);
        }
        for (let guess = 0; guess < 5; guess++) {
          expect((await login(first, `guess-${guess}`)).statusCode).toBe(401);
        }
        expect((await login(second)).statusCode).toBe(429);
        await second
          .caller(await resetTokenFor(second, email))
          .accounts.resetPassword({ password: 'a-new-long-passphrase' });
        expect((await login(first, 'a-new-long-passphrase')).statusCode).toBe(200);
      } finally {
        await first.close();
        await second.close();
        await temporary.close();
      }
    },
  );
});

/** Each store, the Redis one in a fresh key space. */
const STORES: [string, boolean, () => RateLimiterStore][] = [
  ['memory', true, () => createMemoryStore()],
  [
    'Redis',
    hasRedis,
    () =>
      createRedisStore(new Redis(redisUrl), `recipehub-test:${randomBytes(4).toString('hex')}:`),
  ],
];

describe.each(STORES)('%s store: refunds and clears', (_name, available, open) => {
  const rule = { points: 2, durationSeconds: 30 };

  it.skipIf(!available)('takes back a refunded attempt, never below zero', async () => {
    const store = open();
    try {
      await store.consume('k', rule);
      await store.consume('k', rule);
      await store.refund('k');
      expect(await store.consume('k', rule)).toMatchObject({ allowed: true, count: 2 });
      for (let i = 0; i < 4; i++) await store.refund('k');
      expect(await store.consume('k', rule)).toMatchObject({ allowed: true, count: 1 });
      await store.refund('never-counted');
      expect(await store.consume('never-counted', rule)).toMatchObject({ count: 1 });
    } finally {
      await store.clear(['k', 'never-counted']);
      await store.close();
    }
  });

  it.skipIf(!available)(
    'keeps a parallel burst of failing checks to the limit, and a pass costs nothing',
    async () => {
      const store = open();
      const limiter = createRateLimiter({
        store,
        limits: { ...GENEROUS_LIMITS, login: { subjectAndIp: { points: 5, durationSeconds: 30 } } },
      });
      const who = { subjectAndIp: 'a@example.com 10.0.0.1' };
      const slowCheck = (passes: boolean) => async () => {
        await new Promise((resolve) => setTimeout(resolve, 50)); // as argon2 would take
        return passes ? 'passed' : undefined;
      };
      try {
        const passes = await Promise.all(
          Array.from({ length: 3 }, () => limiter.limitFailures('login', who, slowCheck(true))),
        );
        expect(passes).toEqual(['passed', 'passed', 'passed']);
        // 20 guesses arriving a millisecond apart, each still being checked when the next comes.
        const burst = await Promise.allSettled(
          Array.from({ length: 20 }, async (_, i) => {
            await new Promise((resolve) => setTimeout(resolve, i));
            return limiter.limitFailures('login', who, slowCheck(false));
          }),
        );
        expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
        const refused = burst.filter((r) => r.status === 'rejected');
        expect(refused).toHaveLength(15);
        expect(refused[0]).toMatchObject({ reason: { code: 'RATE_LIMITED' } });
      } finally {
        await store.clear(['login:subjectAndIp:a@example.com 10.0.0.1']);
        await store.close();
      }
    },
  );

  it.skipIf(!available)('clears keys, and every key of a group, and nothing else', async () => {
    const store = open();
    try {
      await store.consume('login:subject:a@example.com', rule);
      await store.consume('login:subjectAndIp:a@example.com 10.0.0.1', rule, 'of:a@example.com');
      await store.consume('login:subjectAndIp:a@example.com 10.0.0.2', rule, 'of:a@example.com');
      await store.consume('login:subjectAndIp:b@example.com 10.0.0.1', rule, 'of:b@example.com');
      await store.consume('login:ip:10.0.0.1', rule);
      await store.clear(['login:subject:a@example.com'], ['of:a@example.com']);
      const count = async (key: string) => (await store.consume(key, rule)).count;
      expect(await count('login:subject:a@example.com')).toBe(1);
      expect(await count('login:subjectAndIp:a@example.com 10.0.0.1')).toBe(1);
      expect(await count('login:subjectAndIp:a@example.com 10.0.0.2')).toBe(1);
      expect(await count('login:subjectAndIp:b@example.com 10.0.0.1')).toBe(2);
      expect(await count('login:ip:10.0.0.1')).toBe(2);
    } finally {
      await store.clear(
        ['login:subject:a@example.com', 'login:ip:10.0.0.1'],
        ['of:a@example.com', 'of:b@example.com'],
      );
      await store.close();
    }
  });
});

describe('Redis store: refunds and groups', () => {
  it.skipIf(!hasRedis)(
    'refunds no expired window (no key left without expiry) and keeps a group as long as its keys',
    async () => {
      const redis = new Redis(redisUrl);
      const prefix = `recipehub-test:${randomBytes(4).toString('hex')}:`;
      const store = createRedisStore(new Redis(redisUrl), prefix);
      try {
        await store.consume('short', { points: 5, durationSeconds: 30 }, 'group');
        await store.consume('long', { points: 5, durationSeconds: 60 }, 'group');
        expect(await redis.pttl(`${prefix}group`)).toBeGreaterThan(55_000);
        await redis.del(`${prefix}short`); // as if its window had ended
        await store.refund('short');
        expect(await redis.exists(`${prefix}short`)).toBe(0);
        await store.clear([], ['group']);
        expect(await redis.exists(`${prefix}long`, `${prefix}group`)).toBe(0);
      } finally {
        await redis.del(`${prefix}short`, `${prefix}long`, `${prefix}group`);
        redis.disconnect();
        await store.close();
      }
    },
  );
});
