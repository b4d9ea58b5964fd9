import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { buildTestApp } from '../support/build-test-app.js';
import { OpenApiContract } from '../support/openapi-contract.js';

let orm: Database;
let app: FastifyInstance;
let contract: OpenApiContract;

beforeAll(async () => {
  orm = await openAppDatabase({ kind: 'sqlite', path: ':memory:' }, { migrate: true });
  app = await buildTestApp(orm);
  contract = await OpenApiContract.load();
});
afterAll(async () => {
  await app.close();
  await orm.close();
});

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const response = await contract.inject(app, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the database is gone', async () => {
    const lost = await openAppDatabase({ kind: 'sqlite', path: ':memory:' }, { migrate: false });
    const lostApp = await buildTestApp(lost);
    await lost.close();
    const response = await contract.inject(lostApp, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    await lostApp.close();
  });
});

describe('GET /api/openapi.json', () => {
  it('serves the contract, listing every path of the spec call table', async () => {
    const response = await contract.inject(app, { method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\./);
    for (const path of [
      '/api/recipes/lists/most_liked/',
      '/api/recipes/lists/{id}/comments/{commentId}/',
      '/api/accounts/login/',
      '/api/users/resend-verification/',
      '/api/list-customer',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive reference page without network assets', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      response.statusCode === 302
        ? await app.inject({ method: 'GET', url: String(response.headers.location) })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/src="https?:\/\//);
  });
});

describe('security headers', () => {
  // helmet's headers, built once at start (src/http/security-headers.ts), on every kind of answer.
  const expected = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
      "frame-ancestors 'self';img-src 'self' data: https: http:;object-src 'none';" +
      "script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it.each([
    ['an API read', '/api/recipes/categories/', 200],
    ['an unknown API path', '/api/no-such-thing/', 404],
    ['a tRPC call', '/trpc/health', 200],
  ])('are on %s', async (_name, url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(expected);
    expect(response.headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('are on a 401 for a bad token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes/lists/',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers).toMatchObject(expected);
  });
});

describe('unknown routes', () => {
  it('answers an unknown API path with a problem-details 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found', type: 'about:blank' });
  });

  it('treats a path with and without its trailing slash alike', async () => {
    const withSlash = await app.inject({ method: 'GET', url: '/api/health/' });
    const without = await app.inject({ method: 'GET', url: '/api/health' });
    expect(withSlash.statusCode).toBe(200);
    expect(without.statusCode).toBe(200);
  });
});

describe('tRPC', () => {
  it('answers the health procedure over HTTP', async () => {
    const response = await app.inject({ method: 'GET', url: '/trpc/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { data: { status: 'ok', database: 'up' } } });
  });

  it('tells the sign-in page the demo login only in demo mode', async () => {
    const demo = await app.inject({ method: 'GET', url: '/trpc/demoLogin' });
    expect(demo.json()).toEqual({
      result: { data: { email: 'admin@recipehub.local', password: 'recipehub-admin' } },
    });
    const productionOrm = await openAppDatabase(
      { kind: 'sqlite', path: ':memory:' },
      { migrate: true },
    );
    const production = await buildTestApp(productionOrm, { demoMode: false });
    const hidden = await production.inject({ method: 'GET', url: '/trpc/demoLogin' });
    expect(hidden.json()).toEqual({ result: { data: null } });
    await production.close();
    await productionOrm.close();
  });
});
