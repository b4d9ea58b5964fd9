import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import type { AppConfig } from '../../src/config/config.js';
import { buildTestApp } from '../support/build-test-app.js';

const CLIENT = 'http://client.example:5174';
const STRANGER = 'https://evil.example';

let orm: Database;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  orm = await openAppDatabase({ kind: 'sqlite', path: ':memory:' }, { migrate: true });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await orm.close();
});

async function appWith(corsOrigins: AppConfig['corsOrigins']) {
  const app = await buildTestApp(orm, { corsOrigins });
  apps.push(app);
  return app;
}

const preflight = (app: FastifyInstance, url: string, origin: string, method = 'POST') =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('CORS_ORIGINS unset (same-origin only)', () => {
  it('sends no Access-Control-Allow-* on an API answer or a preflight', async () => {
    const app = await appWith(undefined);
    const get = await app.inject({
      method: 'GET',
      url: '/api/recipes/categories/',
      headers: { origin: CLIENT },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const options = await preflight(app, '/api/accounts/login/', CLIENT);
    expect(options.headers['access-control-allow-origin']).toBeUndefined();
    expect(options.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('CORS_ORIGINS as a list of exact origins', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith([CLIENT, 'https://admin.example']);
  });

  it.each([
    ['/api/accounts/login/', 'POST'],
    ['/api/recipes/lists/12/', 'PUT'],
    ['/api/recipes/lists/12/', 'DELETE'],
    ['/api/recipes/reviews/3/', 'PATCH'],
  ])('answers the preflight of %s %s for an allowed origin', async (url, method) => {
    const response = await preflight(app, url, CLIENT, method);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(response.headers['access-control-allow-methods']).split(',')).toContain(method);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed.split(/,\s*/).sort()).toEqual([
      'authorization',
      'content-type',
      'x-device-token',
    ]);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers.vary)).toMatch(/Origin/);
  });

  it('lets an allowed origin read a simple GET and the headers it needs', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes/categories/',
      headers: { origin: CLIENT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(response.headers.vary)).toMatch(/Origin/);
    expect(String(response.headers['access-control-expose-headers'])).toContain('Retry-After');
  });

  it.each([STRANGER, 'http://client.example:5175', 'http://client.example:5174.evil.example'])(
    'refuses %s: no Access-Control-Allow-Origin, so the browser blocks the answer',
    async (origin) => {
      const options = await preflight(app, '/api/accounts/login/', origin);
      expect(options.headers['access-control-allow-origin']).toBeUndefined();
      const get = await app.inject({
        method: 'GET',
        url: '/api/recipes/categories/',
        headers: { origin },
      });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(get.headers.vary)).toMatch(/Origin/);
    },
  );

  it('keeps the tRPC endpoint same-origin only', async () => {
    const options = await preflight(app, '/trpc/categories.list', CLIENT, 'GET');
    expect(options.headers['access-control-allow-origin']).toBeUndefined();
    const get = await app.inject({
      method: 'GET',
      url: '/trpc/categories.list',
      headers: { origin: CLIENT },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS=* (public read-only)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith('*');
  });

  it('lets any origin read, never with credentials', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes/categories/',
      headers: { origin: STRANGER },
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const options = await preflight(app, '/api/recipes/lists/', STRANGER, 'GET');
    expect(options.statusCode).toBe(204);
    expect(options.headers['access-control-allow-origin']).toBe('*');
    expect(options.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('does not offer writes to every origin', async () => {
    const options = await preflight(app, '/api/recipes/lists/', STRANGER, 'POST');
    expect(String(options.headers['access-control-allow-methods']).split(',')).not.toContain(
      'POST',
    );
  });
});

describe('GET /media/…', () => {
  it('lets pages of other origins show uploaded pictures (Cross-Origin-Resource-Policy)', async () => {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'recipehub-media-'));
    const app = await buildTestApp(orm, { mediaDir });
    apps.push(app);
    mkdirSync(path.join(mediaDir, 'profiles'), { recursive: true });
    writeFileSync(path.join(mediaDir, 'profiles', 'a.webp'), Buffer.from('RIFF0000WEBP'));
    const response = await app.inject({ method: 'GET', url: '/media/profiles/a.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await app.inject({ method: 'GET', url: '/api/recipes/categories/' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
