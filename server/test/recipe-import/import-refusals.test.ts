import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Resolve } from '../../src/modules/recipe-import/guarded-fetch.js';
import {
  GENEROUS_LIMITS,
  bearer,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { loopbackOnlyResolve, resolveTo } from '../support/loopback-resolver.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { member, type Member } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';

/**
 * Every refusal of the import call, through the use case on both faces: each refused address
 * class (the host's DNS answer is played by a stubbed resolver, and nothing connects anywhere),
 * links the guard refuses on sight, what a site may answer, and the per-member limit. The
 * fixture site on 127.0.0.1 counts requests: a refusal before fetching leaves it untouched.
 */
let contract: OpenApiContract;
let site: FixtureSite;
beforeAll(async () => {
  contract = await OpenApiContract.load();
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
});

const PRIVATE_ADDRESS =
  'That link points to a private or reserved network address and cannot be imported.';

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  let cook: Member;
  // What "DNS" answers in this server, changed per test.
  let dns: Resolve = loopbackOnlyResolve;
  beforeAll(async () => {
    server = await startAccountServer(db(), { importFetch: { resolve: (host) => dns(host) } });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
    cook = await member(orm().em.fork(), 'User');
    dns = loopbackOnlyResolve;
    site.requests.length = 0;
  });

  const importLink = (url: string, token = cook.token) =>
    contract.inject(server.app, {
      method: 'POST',
      url: '/api/recipes/import/',
      headers: bearer(token),
      payload: { url },
    });

  async function expectRefused(url: string, message: string) {
    const response = await importLink(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ detail: message, errors: { url: [message] } });
    const error = (await server
      .caller(cook.token)
      .recipeImport.fromUrl({ url })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error).toBeInstanceOf(TRPCError);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause).toMatchObject({ fieldErrors: { url: [message] } });
  }

  describe('refused address classes (the host resolves to...)', () => {
    it.each([
      ['loopback', '127.0.0.1'],
      ['loopback (IPv6)', '::1'],
      ['private 10/8', '10.1.2.3'],
      ['private 172.16/12', '172.16.0.9'],
      ['private 192.168/16', '192.168.1.1'],
      ['link-local (cloud metadata)', '169.254.169.254'],
      ['link-local (IPv6)', 'fe80::1'],
      ['multicast', '224.0.0.251'],
      ['multicast (IPv6)', 'ff02::1'],
      ['unspecified', '0.0.0.0'],
      ['broadcast', '255.255.255.255'],
      ['carrier-grade NAT', '100.64.0.1'],
      ['unique local (IPv6)', 'fd12:3456::1'],
      ['reserved', '240.0.0.1'],
      ['IPv4-mapped IPv6 of the metadata address', '::ffff:169.254.169.254'],
      ['IPv4-mapped IPv6 of loopback', '::ffff:127.0.0.1'],
      ['NAT64 of a private address', '64:ff9b::a00:1'],
      ['6to4 tunnel', '2002:7f00:1::1'],
    ])('%s (%s) is refused without connecting', async (_class, address) => {
      dns = resolveTo(address);
      await expectRefused('http://recipes.example.com/pilaf', PRIVATE_ADDRESS);
    });

    it('refuses a host with one public and one private address', async () => {
      dns = resolveTo('93.184.216.34', '10.0.0.7');
      await expectRefused('https://recipes.example.com/pilaf', PRIVATE_ADDRESS);
    });

    it('refuses the fixture site on 127.0.0.1 unless IMPORT_ALLOWED_HOSTS names it', async () => {
      // Its own port is not a web port; on port 80 the address is refused.
      await expectRefused(
        site.url('/pages/jsonld-graph'),
        'Only links on the standard web ports (80 and 443) can be imported.',
      );
      await expectRefused('http://127.0.0.1/pages/jsonld-graph', PRIVATE_ADDRESS);
      await expectRefused('http://localhost/pages/jsonld-graph', PRIVATE_ADDRESS);
      expect(site.requests).toEqual([]);
    });
  });

  describe('links refused on sight', () => {
    it.each([
      ['ftp://recipes.example.com/pilaf', 'Only http and https links can be imported.'],
      ['file:///etc/passwd', 'Only http and https links can be imported.'],
      ['javascript:alert(1)', 'Only http and https links can be imported.'],
      ['recipes.example.com/pilaf', 'Only http and https links can be imported.'],
      [
        'http://cook:secret@recipes.example.com/',
        'Links with a user name or password cannot be imported.',
      ],
      [
        'http://recipes.example.com:8080/',
        'Only links on the standard web ports (80 and 443) can be imported.',
      ],
      ['http://no-such-host.invalid/', 'That site could not be found.'],
    ])('%s', async (url, message) => {
      await expectRefused(url, message);
    });
  });

  describe('what an allowed site answers', () => {
    let allowed: AccountServer;
    beforeAll(async () => {
      allowed = await startAccountServer(db(), {
        config: { importAllowedHosts: new Set([`127.0.0.1:${site.port}`]) },
      });
    });
    afterAll(async () => {
      await allowed.close();
    });
    const importAllowed = (url: string) =>
      contract.inject(allowed.app, {
        method: 'POST',
        url: '/api/recipes/import/',
        headers: bearer(cook.token),
        payload: { url },
      });

    it.each([
      ['a redirect to a private address', '/moved?to=http://10.0.0.1/recipe', PRIVATE_ADDRESS],
      [
        'a redirect to the cloud metadata address',
        '/moved?to=http://169.254.169.254/latest/meta-data/',
        PRIVATE_ADDRESS,
      ],
      ['a page that is not HTML', '/json', 'That link does not lead to a web page.'],
      ['a missing page', '/gone', 'That site answered with status 404.'],
    ])('%s is refused', async (_what, path, message) => {
      const response = await importAllowed(site.url(path));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual({ url: [message] });
    });
  });

  describe('never a 5xx', () => {
    it('answers a failure inside the fetch as a site that could not be reached', async () => {
      dns = (async () => null) as unknown as Resolve;
      await expectRefused('https://recipes.example.com/pilaf', 'That site could not be reached.');
    });
  });

  describe('per-member limit', () => {
    // A server of its own: user ids repeat between tests once tables are emptied (MariaDB's
    // TRUNCATE resets them), and the limit counts per user id.
    let limited: AccountServer;
    beforeAll(async () => {
      limited = await startAccountServer(db(), {
        rateLimits: {
          ...GENEROUS_LIMITS,
          recipeImport: { subject: { points: 3, durationSeconds: 120 } },
        },
      });
    });
    afterAll(async () => {
      await limited.close();
    });

    it('answers 429 with Retry-After past 3 imports, to that member only, on both faces', async () => {
      const link = 'http://recipes.example.com:8080/';
      const importAs = (token: string) =>
        contract.inject(limited.app, {
          method: 'POST',
          url: '/api/recipes/import/',
          headers: bearer(token),
          payload: { url: link },
        });
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await importAs(cook.token)).statusCode).toBe(400);
      }
      const refused = await importAs(cook.token);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const viaTrpc = (await limited
        .caller(cook.token)
        .recipeImport.fromUrl({ url: link })
        .catch((e: unknown) => e)) as TRPCError;
      expect(viaTrpc.code).toBe('TOO_MANY_REQUESTS');
      const other = await member(orm().em.fork(), 'User');
      expect((await importAs(other.token)).statusCode).toBe(400);
    });
  });
});
