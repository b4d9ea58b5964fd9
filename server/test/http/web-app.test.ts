import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { buildTestApp } from '../support/build-test-app.js';

/** A built web app as web/'s build leaves it: hashed assets with .br and .gz copies. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'recipehub-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string) => {
    const full = path.join(dist, file);
    writeFileSync(full, text);
    writeFileSync(`${full}.gz`, gzipSync(text));
    writeFileSync(`${full}.br`, brotliCompressSync(text));
  };
  write('index.html', '<!doctype html><div id="root"></div>');
  write(
    'home.html',
    '<!doctype html><div id="root"><h1>Cook, share and discover recipes</h1></div>',
  );
  write('assets/app-1a2b3c.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(path.join(dist, 'notes.txt'), 'Plain text from the build.\n');
  writeFileSync(path.join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
  return dist;
}

let orm: Database;
let app: FastifyInstance;

beforeAll(async () => {
  orm = await openAppDatabase({ kind: 'sqlite', path: ':memory:' }, { migrate: true });
  app = await buildTestApp(orm, { webDistDir: fakeWebBuild() });
});
afterAll(async () => {
  await app.close();
  await orm.close();
});

describe('the built web app', () => {
  const asset = '/assets/app-1a2b3c.js';

  it('sends the Brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(/^console\.log/);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toMatch(/^console\.log/);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    const response = await app.inject({ method: 'GET', url: asset });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toMatch(/^console\.log/);
  });

  it("answers a client route with index.html, never cached, so the app's router decides", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/dashboard/users?page=2',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body =
      response.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(response.rawPayload).toString()
        : response.body;
    expect(body).toBe('<!doctype html><div id="root"></div>');
  });

  it.each(['/', '/?page=2&search=soup'])(
    'answers %s with the prerendered home page, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<h1>Cook, share and discover recipes</h1>');
    },
  );

  it('answers an unknown API path with a problem-details 404, not the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-call/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it.each(['/', '/login', '/dashboard/users/ann@example.com'])(
    'answers HEAD %s like GET (monitors use HEAD), without a body',
    async (url) => {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode).toBe(200);
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.body).toBe('');
    },
  );

  it.each([
    ['/notes.txt', /^text\/plain/],
    ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)/],
  ])('serves the real %s from the build, not the app', async (url, type) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(type);
    }
  });

  it.each(['/logo.png', '/assets/app-gone.js', '/wp-login.php', '/recipes/1/photo.jpg'])(
    'answers an unknown file %s with 404, not the HTML of the app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).not.toContain('<div id="root">');
    },
  );
});
