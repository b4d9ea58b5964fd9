import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { buildTestApp } from '../support/build-test-app.js';
import { createCategory, createRecipe, createUser } from '../support/db-factories.js';
import { forEachDatabase } from '../support/test-database.js';

const SHELL_HEAD =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n' +
  '    <meta name="description" content="RecipeHub: browse, share and review recipes." />\n' +
  '    <title>RecipeHub</title>\n    <script type="module" src="/assets/app-1.js"></script>\n  </head>\n';

/** The element web/'s prerendered recipe page leaves for the server's hero (page-shell.ts). */
const SLOT = '<article class="recipe-article" data-server-rendered="recipe">';

/** A web build as web/'s leaves it: the empty shell and the recipe page's prerendered one. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'recipehub-pages-'));
  writeFileSync(path.join(dist, 'index.html'), `${SHELL_HEAD}<body><div id="root"></div></body>`);
  writeFileSync(
    path.join(dist, 'recipe.html'),
    `${SHELL_HEAD}<body><div id="root"><main>${SLOT}</article></main></div></body>`,
  );
  return dist;
}

/** The values of every `<meta>` of the page, by name or property (entities decoded). */
function metaTags(html: string): Map<string, string> {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags.set(match[1]!, decode(match[2]!));
  }
  return tags;
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" id="recipe-json-ld">([^]*?)<\/script>/.exec(
    html,
  );
  expect(match, 'the page has its JSON-LD').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const HOSTILE_TITLE = `Mum's "best" </script><script>alert(1)</script> & <b>pie</b>`;

forEachDatabase(({ orm, db }) => {
  let app: FastifyInstance;
  let recipe: Recipe;
  let hostile: Recipe;

  beforeAll(async () => {
    app = await buildTestApp(db(), { webDistDir: fakeWebBuild() });
    const em = orm().em.fork();
    const author = await createUser(em, { firstName: 'Ann' });
    const curry = await createCategory(em, 'Curry');
    recipe = await createRecipe(em, author, [curry]);
    recipe.title = 'Chicken Curry';
    recipe.img = '/media/recipes/curry-640.webp';
    recipe.servings = 4;
    recipe.ingredients = '1 kg chicken\n3 onions';
    recipe.instructions = 'Fry the onions.\nAdd the chicken.';
    hostile = await createRecipe(em, null);
    hostile.title = HOSTILE_TITLE;
    hostile.img = 'https://img.example.com/pie.jpg?a=1&b="2"';
    hostile.instructions = '</script><!-- Bake.\nServe "hot".';
    await em.flush();
    // Two reviews, 4 and 5 stars, as the review triggers leave the counters.
    await em
      .getConnection()
      .execute('update `recipe` set `review_count` = 2, `rating_sum` = 9 where `id` = ?', [
        recipe.id,
      ]);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET /recipes/{id}', () => {
    it('answers the page with its title, description, canonical URL and social cards', async () => {
      const response = await app.inject({ method: 'GET', url: `/recipes/${recipe.id}?servings=6` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, no-cache');
      const html = response.body;
      const url = `http://recipehub.test/recipes/${recipe.id}`;
      expect(html).toContain('<title>Chicken Curry · RecipeHub</title>');
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);
      const tags = metaTags(html);
      expect(tags.get('description')).toBe(
        'Chicken Curry by Ann Last' +
          html.match(/by Ann Last(\d+)/)![1] +
          ': Fry the onions. Add the chicken.',
      );
      expect(Object.fromEntries(tags)).toMatchObject({
        'og:type': 'article',
        'og:title': 'Chicken Curry',
        'og:url': url,
        'og:image': 'http://recipehub.test/media/recipes/curry-640.webp',
        'twitter:card': 'summary_large_image',
        'twitter:image': 'http://recipehub.test/media/recipes/curry-640.webp',
      });
      // One description: the shell's own is replaced, not repeated.
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      // The app's prerendered first render, which the app hydrates, with the recipe's hero in it.
      expect(html).toContain(`<div id="root"><main>${SLOT}<div class="recipe-hero">`);
      expect(html).toMatch(
        /<h1 class="recipe-hero__title">Chicken Curry<\/h1>[^]*<\/div><\/div><\/article><\/main>/,
      );
      expect(html).toContain('<script type="module" src="/assets/app-1.js"></script>');
    });

    it('holds the schema.org Recipe with image, author, dates, ingredients, steps and rating', async () => {
      const response = await app.inject({ method: 'GET', url: `/recipes/${recipe.id}` });
      const data = jsonLd(response.body);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Recipe',
        name: 'Chicken Curry',
        image: ['http://recipehub.test/media/recipes/curry-640.webp'],
        author: { '@type': 'Person', name: expect.stringMatching(/^Ann Last\d+$/) },
        recipeIngredient: ['1 kg chicken', '3 onions'],
        recipeInstructions: [
          { '@type': 'HowToStep', text: 'Fry the onions.' },
          { '@type': 'HowToStep', text: 'Add the chicken.' },
        ],
        recipeCategory: ['Curry'],
        recipeYield: '4',
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
      });
      expect(new Date(data.datePublished as string).getTime()).not.toBeNaN();
      expect(new Date(data.dateModified as string).getTime()).not.toBeNaN();
    });

    it('keeps a title with </script> and quotes as text everywhere it appears', async () => {
      const response = await app.inject({ method: 'GET', url: `/recipes/${hostile.id}` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      // The only script elements are the shell's, the JSON-LD and the app's data: nothing the title opened.
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<b>pie</b>');
      expect(html.match(/<\/script>/g)).toHaveLength(3);
      expect(html.match(/<!--/g)).toBeNull();
      expect(html).toContain(
        '<title>Mum&#39;s &quot;best&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;pie&lt;/b&gt; · RecipeHub</title>',
      );
      const tags = metaTags(html);
      expect(tags.get('og:title')).toBe(HOSTILE_TITLE);
      expect(tags.get('og:image')).toBe('https://img.example.com/pie.jpg?a=1&b=%222%22');
      const data = jsonLd(html);
      expect(data.name).toBe(HOSTILE_TITLE);
      expect(data.author).toEqual({ '@type': 'Person', name: 'Anonymous' });
      expect(data.recipeInstructions).toEqual([
        { '@type': 'HowToStep', text: '</script><!-- Bake.' },
        { '@type': 'HowToStep', text: 'Serve "hot".' },
      ]);
      expect(data).not.toHaveProperty('aggregateRating');
      const appData = /<script type="application\/json" id="recipe-data">([^]*?)<\/script>/.exec(
        html,
      );
      expect(JSON.parse(appData![1]!)).toMatchObject({ id: hostile.id, title: HOSTILE_TITLE });
    });

    it.each(['999999', '0', 'abc', '12abc', '-1', '2147483648', '99999999999', '1e3'])(
      'answers the not-found page with 404 for /recipes/%s',
      async (id) => {
        const response = await app.inject({ method: 'GET', url: `/recipes/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('<title>Recipe not found · RecipeHub</title>');
        expect(response.body).toContain('<meta name="robots" content="noindex" />');
        // The empty shell: the app renders its not-found page itself.
        expect(response.body).toContain('<div id="root"></div>');
        expect(response.body).not.toContain('og:title');
      },
    );

    it('answers 304 without the page when the ETag matches', async () => {
      const first = await app.inject({ method: 'GET', url: `/recipes/${recipe.id}` });
      const again = await app.inject({
        method: 'GET',
        url: `/recipes/${recipe.id}`,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers HEAD like GET, without the body', async () => {
      const response = await app.inject({ method: 'HEAD', url: `/recipes/${recipe.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe('');
    });

    it('never takes its links from the Host or X-Forwarded-Host the client sends', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/recipes/${recipe.id}`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(response.body).not.toContain('evil.example');
      expect(metaTags(response.body).get('og:url')).toBe(
        `http://recipehub.test/recipes/${recipe.id}`,
      );
    });

    it('leaves cook mode to the app', async () => {
      const response = await app.inject({ method: 'GET', url: `/recipes/${recipe.id}/cook` });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('og:title');
    });
  });
});
