import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedAddress,
  fetchRecipePage,
  ImportRefused,
  MAX_BODY_BYTES,
  type GuardOptions,
} from '../../src/modules/recipe-import/guarded-fetch.js';

/**
 * The importer's fetch against a fixture server on 127.0.0.1. Nothing here resolves or connects
 * outside loopback: public-looking hosts are answered by a stubbed resolver, and refusals of
 * non-loopback classes are checked before any connection is tried.
 */
let server: http.Server;
let port: number;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://fixture');
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    switch (url.pathname) {
      case '/recipe':
        return html('<h1>ok</h1>');
      case '/latin1':
        response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        return response.end(Buffer.from([0x63, 0x72, 0xe8, 0x6d, 0x65]));
      case '/redirect': {
        const left = Number(url.searchParams.get('left') ?? 0);
        const to =
          url.searchParams.get('to') ?? (left > 0 ? `/redirect?left=${left - 1}` : '/recipe');
        response.writeHead(302, { location: to });
        return response.end();
      }
      case '/json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{}');
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' });
        return response.end('gone');
      case '/huge':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(Buffer.alloc(MAX_BODY_BYTES + 1, 'a'));
      case '/huge-declared':
        response.writeHead(200, {
          'content-type': 'text/html',
          'content-length': MAX_BODY_BYTES + 1,
        });
        return response.write('a'); // never finishes: refused on the header alone
      case '/slow':
        return; // never answers
      default:
        response.writeHead(500);
        return response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The fixture allowed by name and port, as IMPORT_ALLOWED_HOSTS would allow it. */
const allowFixture = (): GuardOptions => ({ allowedHosts: new Set([`127.0.0.1:${port}`]) });
const fixture = (path: string) => `http://127.0.0.1:${port}${path}`;

async function refusal(work: Promise<unknown>): Promise<ImportRefused> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportRefused);
  return error as ImportRefused;
}

describe('fetchRecipePage', () => {
  it('refuses the fixture on 127.0.0.1 by default (loopback), before connecting', async () => {
    const before = seen.length;
    const error = await refusal(fetchRecipePage(fixture('/recipe'), { allowedHosts: new Set() }));
    // The non-default port is refused first; on port 80 the loopback address would be.
    expect(error.reason).toBe('port');
    const onDefaultPort = await refusal(
      fetchRecipePage('http://127.0.0.1/recipe', { allowedHosts: new Set() }),
    );
    expect(onDefaultPort.reason).toBe('address');
    expect(onDefaultPort.addressClass).toBe('loopback');
    expect(seen.length).toBe(before);
  });

  it('fetches an allowed host, sending no cookies, credentials or referrer', async () => {
    const page = await fetchRecipePage(fixture('/recipe'), allowFixture());
    expect(page).toEqual({ url: fixture('/recipe'), html: '<h1>ok</h1>' });
    const headers = seen.at(-1)!;
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers.referer).toBeUndefined();
  });

  it('decodes the page in the charset it declares', async () => {
    expect((await fetchRecipePage(fixture('/latin1'), allowFixture())).html).toBe('crème');
  });

  it('follows up to 3 redirects, and refuses a fourth', async () => {
    const page = await fetchRecipePage(fixture('/redirect?left=2'), allowFixture());
    expect(page.url).toBe(fixture('/recipe'));
    const error = await refusal(fetchRecipePage(fixture('/redirect?left=3'), allowFixture()));
    expect(error.reason).toBe('redirects');
  });

  it('checks every redirect again: to a host not allowed, to another scheme', async () => {
    const toLocalhost = `/redirect?to=${encodeURIComponent('http://localhost/recipe')}`;
    const error = await refusal(fetchRecipePage(fixture(toLocalhost), allowFixture()));
    expect(error.reason).toBe('address');
    expect(error.addressClass).toBe('loopback');
    const toFile = `/redirect?to=${encodeURIComponent('file:///etc/passwd')}`;
    const toFileError = await refusal(fetchRecipePage(fixture(toFile), allowFixture()));
    expect(toFileError.reason).toBe('scheme');
    // The member's own link was an http(s) one: the message names the redirect, not the link.
    expect(toFileError.message).toBe('That link redirects to a link that cannot be imported.');
  });

  it('refuses what is not HTML, a failed status, and a body over 2 MB', async () => {
    expect((await refusal(fetchRecipePage(fixture('/json'), allowFixture()))).reason).toBe(
      'not-html',
    );
    const missing = await refusal(fetchRecipePage(fixture('/missing'), allowFixture()));
    expect(missing.reason).toBe('status');
    expect(missing.message).toBe('That site answered with status 404.');
    expect((await refusal(fetchRecipePage(fixture('/huge'), allowFixture()))).reason).toBe(
      'too-large',
    );
    const declared = await refusal(fetchRecipePage(fixture('/huge-declared'), allowFixture()));
    expect(declared.reason).toBe('too-large');
  });

  it('gives up when the whole fetch takes longer than its time limit', async () => {
    const error = await refusal(
      fetchRecipePage(fixture('/slow'), { ...allowFixture(), timeoutMs: 300 }),
    );
    expect(error.reason).toBe('timeout');
  });

  it.each([
    ['ftp://example.com/recipe', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'scheme'],
    ['https://user:secret@example.com/recipe', 'credentials'],
    ['https://example.com:8443/recipe', 'port'],
    ['http://example.com:443/recipe', 'port'],
  ])('refuses %s (%s) without resolving it', async (link, reason) => {
    const resolve = () => Promise.reject(new Error('must not resolve'));
    const error = await refusal(fetchRecipePage(link, { allowedHosts: new Set(), resolve }));
    expect(error.reason).toBe(reason);
  });
});

describe('checkedAddress (the resolver step, with a stubbed lookup)', () => {
  const stub =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const check = (host: string, ...addresses: string[]) =>
    checkedAddress(new URL(`https://${host}/recipe`), {
      allowedHosts: new Set(),
      resolve: stub(...addresses),
    });

  it('answers the public address the host resolves to', async () => {
    expect(await check('recipes.example', '93.184.215.14')).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.7', 'private'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.251', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['fd00::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::7f00:1', 'tunnel'],
    ['::8.8.8.8', 'tunnel'],
    ['2002:7f00:1::1', 'tunnel'],
  ])('refuses a host resolving to %s (%s)', async (address, addressClass) => {
    const error = await refusal(check('evil.example', address));
    expect(error.reason).toBe('address');
    expect(error.addressClass).toBe(addressClass);
  });

  it('refuses a host when any of its addresses is not public', async () => {
    const error = await refusal(check('mixed.example', '93.184.215.14', '127.0.0.1'));
    expect(error.addressClass).toBe('loopback');
  });

  it('says the site could not be found when DNS fails or answers nothing', async () => {
    expect((await refusal(check('nowhere.example'))).reason).toBe('dns');
    const failing = checkedAddress(new URL('https://nowhere.example/'), {
      allowedHosts: new Set(),
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
    });
    expect((await refusal(failing)).reason).toBe('dns');
  });

  it('connects to the address it checked, not to what a second lookup would say', async () => {
    // "fixture.test" does not exist in DNS: the page can only come from the checked address.
    const page = await fetchRecipePage(`http://fixture.test:${port}/recipe`, {
      allowedHosts: new Set([`fixture.test:${port}`]),
      resolve: stub('127.0.0.1'),
    });
    expect(page.html).toBe('<h1>ok</h1>');
    expect(seen.at(-1)!.host).toBe(`fixture.test:${port}`);
  });
});
