import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recipe } from '../../src/modules/recipes/recipe.entity.js';
import { buildTestApp } from '../support/build-test-app.js';
import { createRecipe, createUser } from '../support/db-factories.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

const HOME =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>RecipeHub</title>\n  </head>\n' +
  '<body><div id="root"><h1>Cook, share and discover recipes</h1></div></body>\n</html>\n';
const KEY = 'a'.repeat(32);
/** ui's RecipeCard's default `sizes`, which the trending slider's cards use. */
const CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw';

function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'recipehub-home-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'home.html'), HOME);
  return dist;
}

const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

forEachDatabase(({ orm }) => {
  let app: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    app = await buildTestApp(orm(), { webDistDir: fakeWebBuild() });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
    // The preload is read at most once a second: each test starts a minute after the last.
    clock += 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const leading = async (changes: Partial<Recipe>) => {
    const em = orm().em.fork();
    const recipe = await createRecipe(em, await createUser(em));
    em.assign(recipe, { reactionCount: 5, ...changes });
    await em.flush();
    return recipe;
  };
  const home = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/', headers });

  describe('GET /', () => {
    it('preloads the photo the trending slider shows first, at the width its card picks', async () => {
      await leading({ photoKey: KEY, photoWidth: 1280, photoHeight: 800, photoPlaceholder: null });
      const response = await home();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const [preload, ...others] = preloads(response.body);
      expect(others).toEqual([]);
      expect(preload).toContain('type="image/avif"');
      expect(preload).toContain(`/media/recipes/${KEY}-320.avif 320w`);
      expect(preload).toContain(`imagesizes="${CARD_SIZES}"`);
      expect(preload).toContain('fetchpriority="high"');
      // In the head, before the page's own markup.
      expect(response.body.indexOf(preload!)).toBeLessThan(response.body.indexOf('</head>'));
      expect(response.body).toContain('<h1>Cook, share and discover recipes</h1>');
    });

    it('follows a change of the leading recipe after a second, and escapes its image URL', async () => {
      expect(preloads((await home()).body)).toEqual([]);
      await leading({ img: 'https://img.example/pie.jpg?a=1&b="2"' });
      expect(preloads((await home()).body)).toEqual([]); // the same second: the read is kept
      vi.setSystemTime(clock + 1001);
      expect(preloads((await home()).body)).toEqual([
        '<link rel="preload" as="image" href="https://img.example/pie.jpg?a=1&amp;b=&quot;2&quot;" fetchpriority="high" />',
      ]);
    });

    it('leaves out a picture the page would not load (javascript: URL)', async () => {
      await leading({ img: 'javascript:alert(1)' });
      expect(preloads((await home()).body)).toEqual([]);
    });

    it('sends Brotli or gzip as accepted, with an ETag that answers 304', async () => {
      await leading({ img: 'https://img.example/pie.jpg' });
      const plain = await home({ 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const brotli = await home({ 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      const gzip = await home({ 'accept-encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(brotli.headers.vary).toBe('accept-encoding');

      const again = await home({ 'if-none-match': String(plain.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers HEAD like GET, without a body', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/?page=2' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe('');
    });
  });
});
