import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { TRPCError } from '@trpc/server';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/modules/recipe-import/guarded-fetch.js';
import { bearer, startAccountServer, type AccountServer } from '../support/account-server.js';
import { createCategory } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { member, type Member } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';

/**
 * Pages built to be slow to read never hold up other requests (issue 28): the page is read in a
 * worker thread with a time limit, and a page nested deeper than browsers nest (512 levels) is
 * refused at once. Before, one 2 MB page of nested tags froze every request for minutes.
 */
const TOO_DEEP = 'That page is nested too deeply to read a recipe from.';
const LOOP_DELAY_LIMIT_MS = 50;

const jsonLdPage = (recipe: Record<string, unknown>) =>
  `<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', ...recipe })}</script>`;
/** The deepest page the fetch takes: 2 MB of `<b>`, never closed (about 700,000 levels). */
const deepestPage = () => '<b>'.repeat(Math.floor(MAX_BODY_BYTES / 3));
/** A JSON-LD Recipe whose name is HTML nested as deep as 2 MB allows. */
const deepJsonLdName = () =>
  jsonLdPage({ name: `${'<b>'.repeat(Math.floor((MAX_BODY_BYTES - 100) / 3))}Soup` });
/** 2 MB of shallow, ordinary markup: no recipe, but real work to read (0.1-0.7 s here). */
const largeShallowPage = () => '<p><i>a</i></p>'.repeat(Math.floor(MAX_BODY_BYTES / 15));

let contract: OpenApiContract;
let site: FixtureSite;
beforeAll(async () => {
  contract = await OpenApiContract.load();
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
});

interface Watched {
  response: LightMyRequestResponse;
  /** The event loop's longest delay while the import ran. */
  loopMaxMs: number;
  /** Every /api/health answer asked for meanwhile (one every 5 ms or so). */
  health: { status: number; ms: number }[];
}

/** An import of `url`, while the event loop's delay is measured and /api/health keeps asking. */
async function importWhileWatching(
  server: AccountServer,
  token: string,
  url: string,
): Promise<Watched> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // The histogram records the time between two of its ticks: let it tick before the import
  // starts and after it ends, or a stall at either end goes unrecorded.
  await sleep(20);
  let done = false;
  const imported = contract
    .inject(server.app, {
      method: 'POST',
      url: '/api/recipes/import/',
      headers: bearer(token),
      payload: { url },
    })
    .finally(() => (done = true));
  const health: Watched['health'] = [];
  while (!done) {
    const started = performance.now();
    const answer = await server.app.inject({ method: 'GET', url: '/api/health' });
    health.push({ status: answer.statusCode, ms: performance.now() - started });
    await sleep(5);
  }
  const response = await imported;
  await sleep(20);
  delay.disable();
  return { response, loopMaxMs: delay.max / 1e6, health };
}

/**
 * Up to five imports of `url`, stopping at the first whose loop delay stayed under the limit. The
 * machine is shared (2 cores): other processes can keep this one off the CPU for tens of ms (an
 * idle loop measured up to 84 ms over 600 ms here, at load 6), which shows in one attempt; a page
 * that blocks the loop does so in every attempt, for seconds, so one such attempt ends the test.
 */
async function calmestImport(server: AccountServer, token: string, url: string) {
  let calmest: Watched | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const watched = await importWhileWatching(server, token, url);
    if (!calmest || watched.loopMaxMs < calmest.loopMaxMs) calmest = watched;
    if (watched.loopMaxMs < LOOP_DELAY_LIMIT_MS || watched.loopMaxMs > 1_000) break;
  }
  return calmest!;
}

/**
 * Starts the server's page-reading thread, which the first import starts (0.3-0.7 s under tsx;
 * with a 20 ms time limit the imports asked meanwhile are refused), so that what the tests measure
 * is the page, not the thread's start.
 */
async function startReadingThread(server: AccountServer, token: string) {
  const url = site.serve('small', jsonLdPage({ name: 'Soup' }));
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/recipes/import/',
      headers: bearer(token),
      payload: { url },
    });
    if (response.statusCode === 200) return;
  }
  throw new Error('the page-reading thread did not start');
}

/** The loop stayed free: its delay under the limit, /api/health answering 200 as usual. */
function expectLoopFree(watched: Watched) {
  expect(watched.loopMaxMs).toBeLessThan(LOOP_DELAY_LIMIT_MS);
  expect(watched.health.length).toBeGreaterThan(0);
  for (const answer of watched.health) {
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(LOOP_DELAY_LIMIT_MS * 2);
  }
}

function expectRefusal(watched: Watched, message: string) {
  expectLoopFree(watched);
  expect(watched.response.statusCode, watched.response.body).toBe(400);
  expect(watched.response.json()).toMatchObject({ detail: message, errors: { url: [message] } });
}

forEachDatabase(({ orm, db }) => {
  let cook: Member;
  beforeEach(async () => {
    await clearTables(orm());
    cook = await member(orm().em.fork(), 'User');
  });

  describe('POST /api/recipes/import/ with pages nested deeper than 512 levels', () => {
    let server: AccountServer;
    beforeAll(async () => {
      server = await startAccountServer(db(), {
        config: { importAllowedHosts: new Set([`127.0.0.1:${site.port}`]) },
      });
    });
    afterAll(async () => {
      await server.close();
    });
    beforeEach(async () => {
      await startReadingThread(server, cook.token);
    });

    it('refuses a 2 MB page of nested tags while every other request goes on', async () => {
      const url = site.serve('deepest', deepestPage());
      expectRefusal(await calmestImport(server, cook.token, url), TOO_DEEP);
    });

    it('refuses a JSON-LD name of HTML nested as deep, on both faces', async () => {
      const url = site.serve('deep-json-ld-name', deepJsonLdName());
      expectRefusal(await calmestImport(server, cook.token, url), TOO_DEEP);
      const error = (await server
        .caller(cook.token)
        .recipeImport.fromUrl({ url })
        .catch((e: unknown) => e)) as TRPCError;
      expect(error).toBeInstanceOf(TRPCError);
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.cause).toMatchObject({ fieldErrors: { url: [TOO_DEEP] } });
    });

    it('reads a recipe 512 levels deep, as browsers still nest it', async () => {
      const nested = (levels: number) =>
        `${'<div>'.repeat(levels - 1)}${jsonLdPage({ name: 'Deep Soup' })}${'</div>'.repeat(levels - 1)}`;
      const importPage = (url: string) =>
        contract.inject(server.app, {
          method: 'POST',
          url: '/api/recipes/import/',
          headers: bearer(cook.token),
          payload: { url },
        });
      const deepest = await importPage(site.serve('512-levels', nested(512)));
      expect(deepest.statusCode, deepest.body).toBe(200);
      expect(deepest.json().title).toBe('Deep Soup');
      const deeper = await importPage(site.serve('513-levels', nested(513)));
      expect(deeper.statusCode).toBe(400);
      expect(deeper.json().errors).toEqual({ url: [TOO_DEEP] });
    });
  });

  describe('POST /api/recipes/import/ with a page slower to read than the time limit', () => {
    let server: AccountServer;
    beforeAll(async () => {
      server = await startAccountServer(db(), {
        config: { importAllowedHosts: new Set([`127.0.0.1:${site.port}`]) },
        importParseTimeLimitMs: 20,
      });
    });
    afterAll(async () => {
      await server.close();
    });
    beforeEach(async () => {
      await startReadingThread(server, cook.token);
    });

    it('abandons the reading at the limit with a 400, and the loop stays free meanwhile', async () => {
      const url = site.serve('large-shallow', largeShallowPage());
      expectRefusal(
        await calmestImport(server, cook.token, url),
        'That page took longer than 1 s to read.',
      );
    });
  });

  describe('POST /api/recipes/import/ with large pages of many small parts', () => {
    // A longer time limit than the server's: on a loaded machine these pages take 0.5-2 s to
    // read, and the time limit is not what these tests are about.
    let server: AccountServer;
    beforeAll(async () => {
      server = await startAccountServer(db(), {
        config: { importAllowedHosts: new Set([`127.0.0.1:${site.port}`]) },
        importParseTimeLimitMs: 10_000,
      });
    });
    afterAll(async () => {
      await server.close();
    });
    const importPage = (url: string) =>
      contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/import/',
        headers: bearer(cook.token),
        payload: { url },
      });

    it('matches 100,000 keywords against 100 categories off the event loop', async () => {
      // Shaping the draft is the page's work too: on the loop, this matching took 0.35 s.
      const em = orm().em.fork();
      for (let i = 0; i < 100; i++) await createCategory(em, `Category ${i}`);
      const keywords = Array.from({ length: 100_000 }, (_, i) => `keyword ${i}`).join(',');
      const url = site.serve('many-keywords', jsonLdPage({ name: 'Soup', keywords }));
      const watched = await calmestImport(server, cook.token, url);
      expectLoopFree(watched);
      expect(watched.response.statusCode, watched.response.body).toBe(200);
      expect(watched.response.json()).toMatchObject({ title: 'Soup', category: [] });
    });

    it('reads 2 MB of microdata ingredients', async () => {
      // Each one copied the list so far: 17 s for these on a quiet machine.
      const ingredient = '<li itemprop="recipeIngredient">1 egg</li>';
      const count = Math.floor((MAX_BODY_BYTES - 200) / ingredient.length);
      const page = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Omelette</h1><ul>${ingredient.repeat(count)}</ul></div>`;
      const response = await importPage(site.serve('many-ingredients', page));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().title).toBe('Omelette');
      expect(response.json().ingredients).toMatch(/^1 egg\n1 egg\n/);
    });

    it('reads steps holding 300,000 unclosed "<p"', async () => {
      // No ">" after them: each "<p" was a start of a tag that never ended.
      const steps = `Boil the water.\n${'<p'.repeat(300_000)}\nAdd the pasta.`;
      const response = await importPage(
        site.serve('unclosed-p', jsonLdPage({ name: 'Pasta', recipeInstructions: steps })),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().instructions).toBe('Boil the water.\nAdd the pasta.');
    });
  });
});
