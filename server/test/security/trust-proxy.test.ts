import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../src/security/rate-limiter.js';
import {
  GENEROUS_LIMITS,
  PASSWORD,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const unique = () => `visitor-${randomBytes(4).toString('hex')}@example.com`;
/** A made-up client address, different on every call. */
const spoofed = () =>
  `198.51.100.${1 + Math.floor(Math.random() * 250)}, 10.${randomBytes(1)[0]}.0.1`;
/**
 * The login limit per IP cut to 30 failures (production allows 300, for members behind a shared
 * address): the point here is which address counts, and 300 argon2 checks would only add time.
 */
const loginLimits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  login: { ...DEFAULT_RATE_LIMITS.login, ip: { points: 30, durationSeconds: 900 } },
};
const oneContactPerIp: RateLimits = {
  ...GENEROUS_LIMITS,
  contact: { ip: { points: 1, durationSeconds: 120 } },
};

forEachDatabase(({ orm, db }) => {
  let server: AccountServer | undefined;
  const start = async (options: Parameters<typeof startAccountServer>[1]) => {
    await clearTables(orm());
    server = await startAccountServer(db(), options);
    return server;
  };
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  describe('TRUST_PROXY off (the default): X-Forwarded-For is ignored', () => {
    const client = '203.0.113.50';

    it('POST /api/accounts/login/: 40 guesses with made-up X-Forwarded-For meet a per-IP limit of 30', async () => {
      const { app } = await start({ rateLimits: loginLimits });
      const statuses: number[] = [];
      for (let guess = 0; guess < 40; guess++) {
        const response = await contract.inject(app, {
          method: 'POST',
          url: '/api/accounts/login/',
          payload: { email: unique(), password: 'guess-number-' + guess },
          headers: { 'x-forwarded-for': spoofed() },
          remoteAddress: client,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    });

    it('tRPC accounts.login counts the socket address too', async () => {
      const { app } = await start({ rateLimits: loginLimits });
      const statuses: number[] = [];
      for (let guess = 0; guess < 32; guess++) {
        const response = await app.inject({
          method: 'POST',
          url: '/trpc/accounts.login',
          payload: { email: unique(), password: 'guess-number-' + guess },
          headers: { 'x-forwarded-for': spoofed() },
          remoteAddress: client,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(statuses.slice(30)).toEqual([429, 429]);
    });

    it('POST /api/accounts/register/: 25 registrations with made-up X-Forwarded-For meet the limit of 10', async () => {
      const { app } = await start({ rateLimits: DEFAULT_RATE_LIMITS });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 25; attempt++) {
        const response = await contract.inject(app, {
          method: 'POST',
          url: '/api/accounts/register/',
          payload: { email: unique(), firstName: 'Ana', lastName: 'Bee', password: PASSWORD },
          headers: { 'x-forwarded-for': spoofed() },
          remoteAddress: client,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    });

    it('POST /api/contact/: 20 messages with made-up X-Forwarded-For meet the limit of 5', async () => {
      const { app } = await start({ rateLimits: DEFAULT_RATE_LIMITS });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await contract.inject(app, {
          method: 'POST',
          url: '/api/contact/',
          payload: { name: 'Ana', email: unique(), message: 'Hello there' },
          headers: { 'x-forwarded-for': spoofed() },
          remoteAddress: client,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(201));
      expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    });
  });

  describe('TRUST_PROXY with a proxy list: the forwarded client address counts', () => {
    const proxy = '10.0.0.7';
    const send = (app: AccountServer['app'], remoteAddress: string, forwardedFor?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contact/',
        payload: { name: 'Ana', email: unique(), message: 'Hello there' },
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        remoteAddress,
      });

    it('limits each client behind the trusted proxy separately', async () => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
      const { app } = await start({ rateLimits: oneContactPerIp, config: { trustProxy } });
      expect((await send(app, proxy, '198.51.100.1')).statusCode).toBe(201);
      expect((await send(app, proxy, '198.51.100.1')).statusCode).toBe(429);
      // Another client through the same proxy has its own limit.
      expect((await send(app, proxy, '198.51.100.2')).statusCode).toBe(201);
      // A client-supplied entry before the proxy's own is not believed: the proxy appends.
      expect((await send(app, proxy, '203.0.113.9, 198.51.100.1')).statusCode).toBe(429);
    });

    it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: '10.0.0.0/8' });
      const { app } = await start({ rateLimits: oneContactPerIp, config: { trustProxy } });
      expect((await send(app, '203.0.113.60', '198.51.100.10')).statusCode).toBe(201);
      expect((await send(app, '203.0.113.60', '198.51.100.11')).statusCode).toBe(429);
    });

    it('uses the forwarded address on tRPC too', async () => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: '10.0.0.0/8' });
      const { app } = await start({ rateLimits: oneContactPerIp, config: { trustProxy } });
      const viaTrpc = (forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/trpc/contact.create',
          payload: { name: 'Ana', email: unique(), message: 'Hello there' },
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress: proxy,
        });
      expect((await viaTrpc('198.51.100.20')).statusCode).toBe(200);
      expect((await viaTrpc('198.51.100.20')).statusCode).toBe(429);
      expect((await viaTrpc('198.51.100.21')).statusCode).toBe(200);
    });
  });

  describe('TRUST_PROXY as a hop count', () => {
    it('takes the address the nearest proxy appended', async () => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
      const { app } = await start({ rateLimits: oneContactPerIp, config: { trustProxy } });
      const send = (forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/api/contact/',
          payload: { name: 'Ana', email: unique(), message: 'Hello there' },
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress: '10.0.0.7',
        });
      expect((await send('203.0.113.1, 198.51.100.30')).statusCode).toBe(201);
      // The client made up a different first entry; the proxy's own entry is the same client.
      expect((await send('203.0.113.2, 198.51.100.30')).statusCode).toBe(429);
      expect((await send('198.51.100.31')).statusCode).toBe(201);
    });
  });
});
