import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { rgbaToThumbHash } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { buildTestApp } from '../support/build-test-app.js';
import { createCategory, createRecipe, createUser } from '../support/db-factories.js';
import { forEachDatabase } from '../support/test-database.js';

/*
 * The recipe's hero (photo, title, categories, author, date, rating) in the HTML of
 * `GET /recipes/{id}`, inside the element web/'s prerendered page leaves for it, so the page's
 * largest element paints before the app's script runs (issue 15's LCP budget).
 */
const SLOT = '<article class="recipe-article" data-server-rendered="recipe">';
const HEAD =
  '<!doctype html>\n<html lang="en">\n<head>\n<title>RecipeHub</title>\n' +
  '<link rel="stylesheet" href="/assets/app.css">\n</head>\n';

function webBuild(recipeRoot: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'recipehub-hero-'));
  writeFileSync(path.join(dist, 'index.html'), `${HEAD}<body><div id="root"></div></body>`);
  writeFileSync(
    path.join(dist, 'recipe.html'),
    `${HEAD}<body><div id="root">${recipeRoot}</div></body>`,
  );
  return dist;
}

/** What the page's `<article>` holds: the server's hero, up to the shell's closing tags. */
function hero(html: string): string {
  const start = html.indexOf(SLOT);
  expect(start, 'the page has the hero element').toBeGreaterThan(0);
  const end = html.indexOf('</article></main>', start);
  expect(end, 'the shell goes on after the hero').toBeGreaterThan(start);
  return html.slice(start + SLOT.length, end);
}

/** A real ThumbHash (base64) of a 4 × 3 orange image. */
const THUMBHASH = Buffer.from(
  rgbaToThumbHash(
    4,
    3,
    new Uint8Array(4 * 3 * 4).map((_, i) => [230, 120, 40, 255][i % 4]!),
  ),
).toString('base64');

const HOSTILE_TITLE = `Mum's "best" </script><script>alert(1)</script> & <b>pie</b><img src=x onerror=alert(2)>`;

forEachDatabase(({ orm, db }) => {
  let app: FastifyInstance;
  let photographed: Recipe;
  let hostile: Recipe;
  let bare: Recipe;

  beforeAll(async () => {
    app = await buildTestApp(db(), {
      webDistDir: webBuild(`<main><button>Back</button>${SLOT}</article></main>`),
    });
    const em = orm().em.fork();
    const author = await createUser(em, { firstName: 'Ann' });
    photographed = await createRecipe(em, author, [await createCategory(em, 'Dal')]);
    photographed.title = 'Red Lentil Dal';
    hostile = await createRecipe(em, null, [await createCategory(em, `Pies "&" <tarts>`)]);
    hostile.title = HOSTILE_TITLE;
    hostile.img = 'javascript:alert(3)';
    hostile.sourceUrl = 'https://www.example.com/pie?a=1&b="2"';
    bare = await createRecipe(em, author);
    await em.flush();
    await em
      .getConnection()
      .execute(
        'update `recipe` set `photo_key` = ?, `photo_width` = 1280, `photo_height` = 800, ' +
          '`photo_placeholder` = ?, `review_count` = 3, `rating_sum` = 13 where `id` = ?',
        ['a1b2c3d4e5f6a7b8c9d0', THUMBHASH, photographed.id],
      );
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET /recipes/{id}: the hero in the HTML', () => {
    it('paints an uploaded photo eagerly, preloaded from the head, with its placeholder', async () => {
      const response = await app.inject({ method: 'GET', url: `/recipes/${photographed.id}` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const part = hero(html);
      expect(part).toMatch(
        /^<div class="recipe-hero"><span class="rh-picture recipe-hero__image" data-state="loading" data-placeholder="thumbhash" style="aspect-ratio:800 \/ 500;background-image:url\(&quot;data:image\/png;base64,[A-Za-z0-9+/=]+&quot;\)"><picture>/,
      );
      expect(part).toContain(
        '<source type="image/avif" srcset="/media/recipes/a1b2c3d4e5f6a7b8c9d0-320.avif 320w, ',
      );
      expect(part).toContain('<source type="image/webp" srcset="/media/recipes/');
      expect(part).toMatch(
        /<img class="rh-picture__image" src="\/media\/recipes\/a1b2c3d4e5f6a7b8c9d0-1280\.webp" alt="Red Lentil Dal" width="800" height="500" sizes="\(min-width: 48rem\) 50vw, 100vw" loading="eager" fetchpriority="high" decoding="sync"\/>/,
      );
      expect(part).toContain('<h1 class="recipe-hero__title">Red Lentil Dal</h1>');
      expect(part).toContain('<li class="recipe-categories__item">Dal</li>');
      expect(part).toMatch(/<\/svg> By Ann Last\d+<\/p>/);
      expect(part).toMatch(
        /Created on<time datetime="\d{4}-\d\d-\d\dT[^"]+">\w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M<\/time>/,
      );
      expect(part).toContain('aria-label="Rated 4.33 out of 5"');
      expect(part).toContain('4.3 (3 reviews)</p>');
      expect(part.match(/data-state="on"/g)).toHaveLength(4);
      // The head asks for the photo's first source at once, before the stylesheets.
      const preload =
        /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)" imagesizes="\(min-width: 48rem\) 50vw, 100vw" fetchpriority="high" \/>/.exec(
          html,
        );
      expect(preload).not.toBeNull();
      expect(part).toContain(`srcset="${preload![1]}"`);
      expect(html.indexOf(preload![0])).toBeLessThan(html.indexOf('/assets/app.css'));
    });

    it('keeps a hostile title, category and source link as text, and an unsafe img as no image', async () => {
      const response = await app.inject({ method: 'GET', url: `/recipes/${hostile.id}` });
      expect(response.statusCode).toBe(200);
      const part = hero(response.body);
      expect(part).not.toMatch(/<script|<b>|<img src=x|<tarts>|javascript:/);
      const escapedTitle =
        'Mum&#39;s &quot;best&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; ' +
        '&lt;b&gt;pie&lt;/b&gt;&lt;img src=x onerror=alert(2)&gt;';
      expect(part).toContain(`<h1 class="recipe-hero__title">${escapedTitle}</h1>`);
      // No picture for a javascript: URL: the placeholder plate, named by the (escaped) title.
      expect(part).toContain(
        `<span class="rh-picture recipe-hero__image" data-state="fallback" data-placeholder="plate" style="aspect-ratio:800 / 500" role="img" aria-label="${escapedTitle}"></span>`,
      );
      expect(part).toContain(
        '<li class="recipe-categories__item">Pies &quot;&amp;&quot; &lt;tarts&gt;</li>',
      );
      expect(part).toContain('</svg> By Anonymous</p>');
      expect(part).toContain(
        '<a href="https://www.example.com/pie?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer nofollow ugc">example.com</a>',
      );
      expect(response.body).not.toContain('rel="preload" as="image"');
      // The hero opens no element it does not close: the shell's markup after it is intact.
      expect(response.body).toContain('</article></main></div></body>');
    });

    it('shows a recipe without a photo on the plate placeholder, uncategorized', async () => {
      const part = hero((await app.inject({ method: 'GET', url: `/recipes/${bare.id}` })).body);
      expect(part).toContain('data-state="fallback" data-placeholder="plate"');
      expect(part).toContain('<li class="recipe-categories__item">Uncategorized</li>');
      expect(part).not.toContain('rh-stars');
    });

    it('sends a shell without the hero element as it is, head filled in', async () => {
      const plain = await buildTestApp(db(), {
        webDistDir: webBuild('<main aria-busy="true">Loading recipe</main>'),
      });
      try {
        const html = (await plain.inject({ method: 'GET', url: `/recipes/${bare.id}` })).body;
        expect(html).toContain('<div id="root"><main aria-busy="true">Loading recipe</main></div>');
        expect(html).not.toContain('recipe-hero');
        expect(html).toContain('og:title');
      } finally {
        await plain.close();
      }
    });
  });
});
