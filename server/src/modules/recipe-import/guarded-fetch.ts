import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, type RefusedClass } from './address-classes.js';

/**
 * Fetches a recipe page for the importer with the OWASP SSRF cheat sheet's guards: http and https
 * only, default ports only, no user name or password in the link; the host is resolved once and
 * every address it resolves to must be public (address-classes.ts); the connection goes to the
 * address that was checked (the socket's lookup is pinned to it, so a second DNS answer cannot
 * rebind it to 127.0.0.1); at most MAX_REDIRECTS redirects, each checked like the first link;
 * TOTAL_TIMEOUT_MS for the whole chain; at most MAX_BODY_BYTES of body, and none of a redirect's,
 * an error's or a non-HTML answer's; HTML only; no cookies, credentials or referrer sent. Node's
 * own http/https clients are used because their `lookup` option is the documented place to pin
 * the address (undici's fetch has no such hook).
 */
export const MAX_REDIRECTS = 3;
export const TOTAL_TIMEOUT_MS = 5_000;
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Why a link was not fetched: each reason has its own message for the member. */
export class ImportRefused extends Error {
  constructor(
    readonly reason:
      | 'scheme'
      | 'credentials'
      | 'port'
      | 'address'
      | 'dns'
      | 'redirects'
      | 'timeout'
      | 'too-large'
      | 'not-html'
      | 'status'
      | 'network',
    message: string,
    readonly addressClass?: RefusedClass,
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** DNS resolution, replaceable in tests (which never resolve or connect outside loopback). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface GuardOptions {
  /**
   * `host` or `host:port` entries fetched even though they resolve to a non-public address or use
   * another port: for tests (a fixture server on 127.0.0.1) and intranets (IMPORT_ALLOWED_HOSTS).
   */
  allowedHosts: ReadonlySet<string>;
  resolve?: Resolve;
  /** TOTAL_TIMEOUT_MS unless a test needs a shorter one. */
  timeoutMs?: number;
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

function isAllowedHost(url: URL, allowed: ReadonlySet<string>): boolean {
  const port = url.port || DEFAULT_PORT[url.protocol];
  return allowed.has(url.hostname) || allowed.has(`${url.hostname}:${port}`);
}

/** The address to connect to for `url`, after every check, or an ImportRefused. */
export async function checkedAddress(url: URL, options: GuardOptions): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImportRefused('scheme', 'Only http and https links can be imported.');
  }
  if (url.username || url.password) {
    throw new ImportRefused(
      'credentials',
      'Links with a user name or password cannot be imported.',
    );
  }
  const allowed = isAllowedHost(url, options.allowedHosts);
  if (url.port && url.port !== DEFAULT_PORT[url.protocol] && !allowed) {
    throw new ImportRefused(
      'port',
      'Only links on the standard web ports (80 and 443) can be imported.',
    );
  }
  // WHATWG URL keeps IPv6 literals in brackets; DNS wants them bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    throw new ImportRefused('dns', 'That site could not be found.');
  }
  if (addresses.length === 0) throw new ImportRefused('dns', 'That site could not be found.');
  if (!allowed) {
    // Every answer must be public: a host answering one public and one private address is refused.
    for (const { address } of addresses) {
      const addressClass = classifyAddress(address);
      if (addressClass !== 'public') {
        throw new ImportRefused(
          'address',
          'That link points to a private or reserved network address and cannot be imported.',
          addressClass,
        );
      }
    }
  }
  return addresses[0]!;
}

/** A lookup that answers `pinned` for the one host it was made for, whatever DNS says now. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer | null;
}

function requestOnce(url: URL, pinned: ResolvedAddress, signal: AbortSignal): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: pinnedLookup(pinned),
        signal,
        // No cookies, no authorization, no referrer: a plain, anonymous page request.
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9',
          'accept-encoding': 'identity',
          'user-agent': 'RecipeHub-Importer/1.0',
        },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const location = response.headers.location ?? null;
        if (status < 200 || status >= 300 || !isHtml(contentType)) {
          // A redirect's, an error's or a non-HTML answer's body is never read: destroying the
          // response closes its socket (agent: false, so no later request can reuse it), where
          // draining it read an endless body for gigabytes until the time limit (issue 28).
          response.destroy();
          resolve({ status, location, contentType, body: null });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
          response.destroy();
          reject(new ImportRefused('too-large', 'That page is larger than 2 MB.'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            response.destroy();
            reject(new ImportRefused('too-large', 'That page is larger than 2 MB.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, location, contentType, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const isHtml = (contentType: string) =>
  /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(contentType);

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export interface FetchedPage {
  /** The page's final URL, after redirects (relative links in it resolve against this). */
  url: string;
  html: string;
}

/** The HTML of the page at `link`, fetched with every guard above. */
export async function fetchRecipePage(link: string, options: GuardOptions): Promise<FetchedPage> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new ImportRefused('scheme', 'Only http and https links can be imported.');
  }
  const timeoutMs = options.timeoutMs ?? TOTAL_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () =>
    new ImportRefused(
      'timeout',
      `That site took longer than ${Math.ceil(timeoutMs / 1000)} s to answer.`,
    );
  for (let redirects = 0; ; redirects += 1) {
    const pinned = await withTimeout(checkedAddress(url, options), signal, timedOut).catch(
      (error: unknown) => {
        throw redirects > 0 ? asRedirectRefusal(error) : error;
      },
    );
    let hop: Hop;
    try {
      hop = await requestOnce(url, pinned, signal);
    } catch (error) {
      if (error instanceof ImportRefused) throw error;
      if (signal.aborted) throw timedOut();
      throw new ImportRefused('network', 'That site could not be reached.');
    }
    if (hop.status >= 300 && hop.status < 400 && hop.location) {
      if (redirects >= MAX_REDIRECTS) {
        throw new ImportRefused(
          'redirects',
          `That link redirects more than ${MAX_REDIRECTS} times.`,
        );
      }
      try {
        url = new URL(hop.location, url);
      } catch {
        throw new ImportRefused('status', 'That site answered with a broken redirect.');
      }
      continue;
    }
    if (hop.status < 200 || hop.status >= 300) {
      throw new ImportRefused('status', `That site answered with status ${hop.status}.`);
    }
    if (!hop.body) throw new ImportRefused('not-html', 'That link does not lead to a web page.');
    return { url: url.toString(), html: decode(hop.body, hop.contentType) };
  }
}

/**
 * A redirect to another scheme or to a link with a user name or password: the member's own link
 * had neither (the contract's pattern says so), so the message names the redirect.
 */
function asRedirectRefusal(error: unknown): unknown {
  return error instanceof ImportRefused &&
    (error.reason === 'scheme' || error.reason === 'credentials')
    ? new ImportRefused(error.reason, 'That link redirects to a link that cannot be imported.')
    : error;
}

/** `work`, or a timeout refusal as soon as `signal` aborts (DNS has no signal of its own). */
function withTimeout<T>(
  work: Promise<T>,
  signal: AbortSignal,
  timedOut: () => ImportRefused,
): Promise<T> {
  if (signal.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
