import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { rgbaToThumbHash } from 'thumbhash';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { buildTestApp } from '../support/build-test-app.js';
import { createCategory, createRecipe, createUser } from '../support/db-factories.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

/** home.html as web/'s prerender makes it: the trending slot holds the slider's placeholder. */
const PLACEHOLDER =
  '<div class="home-trending-skeleton" role="status" aria-label="Loading trending recipes">' +
  '<span class="rh-skeleton"></span><div class="home-trending-skeleton__row"><div></div></div></div>';
const page = (slot: string) =>
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>RecipeHub</title>\n  </head>\n' +
  '<body><div id="root"><main class="page home"><h1>Cook, share and discover recipes</h1>' +
  `${slot}<section id="recipes"><div class="home-grid"></div></section></main></div></body>\n</html>\n`;
const HOME = page(`<div data-server-rendered="trending">${PLACEHOLDER}</div>`);
const KEY = 'a'.repeat(32);
/** ui's RecipeCard's default `sizes`, which the trending slider's cards use. */
const CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw';
const HOSTILE_TITLE = `Mum's "best" </script><script>alert(1)</script> & <b>pie</b><img src=x onerror=alert(2)>`;
/** A real ThumbHash (base64) of a 4 × 3 orange image. */
const THUMBHASH = Buffer.from(
  rgbaToThumbHash(
    4,
    3,
    new Uint8Array(4 * 3 * 4).map((_, i) => [230, 120, 40, 255][i % 4]!),
  ),
).toString('base64');

function fakeWebBuild(home = HOME): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'recipehub-home-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'home.html'), home);
  return dist;
}

/** What the trending slot holds in the answer, up to the markup that follows it in home.html. */
function slot(html: string): string {
  const open = '<div data-server-rendered="trending">';
  const start = html.indexOf(open);
  expect(start, 'the page keeps the slot').toBeGreaterThan(0);
  const end = html.indexOf('</div><section id="recipes">', start);
  expect(end, 'the page goes on after the slot').toBeGreaterThan(start);
  return html.slice(start + open.length, end);
}

forEachDatabase(({ orm, db }) => {
  let app: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    app = await buildTestApp(db(), { webDistDir: fakeWebBuild() });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
    // The slider is read at most once a second: each test starts a minute after the last.
    clock += 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const leading = async (changes: Partial<Recipe>, categories: string[] = []) => {
    const em = orm().em.fork();
    const recipe = await createRecipe(
      em,
      await createUser(em, { firstName: 'Ann' }),
      await Promise.all(categories.map((name) => createCategory(em, name))),
    );
    em.assign(recipe, { reactionCount: 5, ...changes });
    await em.flush();
    return recipe;
  };
  const home = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/', headers });

  describe('GET /', () => {
    it("holds the trending slider with the first recipe's escaped title and its picture", async () => {
      const first = await leading(
        {
          title: HOSTILE_TITLE,
          photoKey: KEY,
          photoWidth: 1280,
          photoHeight: 800,
          photoPlaceholder: THUMBHASH,
        },
        [`Pies "&" <tarts>`],
      );
      await leading({ reactionCount: 1, title: 'Second in line' });
      const response = await home();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const slider = slot(response.body);
      expect(slider).not.toContain('Loading trending recipes'); // the placeholder is replaced
      const [firstCard, secondCard] = slider.split('<article ').slice(1);
      expect(firstCard).toContain(
        '<h3 class="rh-recipe-card__title">Mum&#39;s &quot;best&quot; &lt;/script&gt;&lt;script&gt;' +
          'alert(1)&lt;/script&gt; &amp; &lt;b&gt;pie&lt;/b&gt;&lt;img src=x onerror=alert(2)&gt;</h3>',
      );
      expect(firstCard).toContain('Pies &quot;&amp;&quot; &lt;tarts&gt;');
      expect(firstCard).toContain(`href="/recipes/${first.id}"`);
      // The photo: AVIF then WebP srcsets with the card's sizes, intrinsic size, eager with high
      // priority, its ThumbHash painted behind it.
      expect(firstCard).toContain(
        `<source type="image/avif" srcset="/media/recipes/${KEY}-320.avif 320w`,
      );
      expect(firstCard).toContain(`sizes="${CARD_SIZES}"`);
      expect(firstCard).toMatch(
        /<img class="rh-picture__image" src="[^"]+\.webp" alt="" width="400" height="180" [^>]*loading="eager" fetchpriority="high"/,
      );
      expect(firstCard).toContain('data-placeholder="thumbhash"');
      expect(firstCard).toMatch(/background-image:url\(&quot;data:image\/png;base64,/);
      // Nothing of the hostile title is markup anywhere in the page.
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).not.toContain('<b>pie');
      expect(response.body).not.toContain('<img src=x');
      // The next card's image waits until it is near the screen.
      expect(secondCard).toContain('Second in line');
      expect(secondCard).toContain('data-state="fallback"');
      expect(response.body).toContain('<h1>Cook, share and discover recipes</h1>');
    });

    it('leaves a hidden recipe out of the slider (issue 30)', async () => {
      const hidden = await leading({
        title: 'Hidden pie',
        hiddenAt: new Date(),
        hiddenReason: 'Spam.',
        reactionCount: 9,
      });
      const shown = await leading({ title: 'Shown pie' });
      const slider = slot((await home()).body);
      expect(slider).toContain(`href="/recipes/${shown.id}"`);
      expect(slider).not.toContain(`href="/recipes/${hidden.id}"`);
      expect(slider).not.toContain('Hidden pie');
    });

    it('follows a change of the leading recipe after a second, and escapes its image URL', async () => {
      expect(slot((await home()).body)).toBe(PLACEHOLDER); // no recipes: the placeholder stays
      await leading({ title: 'Pie', img: 'https://img.example/pie.jpg?a=1&b="2"' });
      expect(slot((await home()).body)).toBe(PLACEHOLDER); // the same second: the read is kept
      vi.setSystemTime(clock + 1001);
      const slider = slot((await home()).body);
      expect(slider).toContain('<h3 class="rh-recipe-card__title">Pie</h3>');
      expect(slider).toContain(
        '<img class="rh-picture__image" src="https://img.example/pie.jpg?a=1&amp;b=&quot;2&quot;" alt=""',
      );
    });

    it('paints the placeholder plate instead of a picture the page would not load (javascript: URL)', async () => {
      await leading({ title: 'Pie', img: 'javascript:alert(1)' });
      const slider = slot((await home()).body);
      expect(slider).toContain('<h3 class="rh-recipe-card__title">Pie</h3>');
      expect(slider).not.toContain('javascript:');
      expect(slider).toContain('data-state="fallback" data-placeholder="plate"');
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

    it('sends a home page without the trending slot as it is', async () => {
      const plainHome = page('<div class="home-trending-skeleton"></div>');
      const other = await buildTestApp(db(), { webDistDir: fakeWebBuild(plainHome) });
      try {
        await leading({ title: 'Pie' });
        expect((await other.inject({ method: 'GET', url: '/' })).body).toBe(plainHome);
      } finally {
        await other.close();
      }
    });

    it('answers HEAD like GET, without a body', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/?page=2' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe('');
    });
  });
});
