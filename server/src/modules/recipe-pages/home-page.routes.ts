import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { listTrendingRecipes } from '../recipes/recipe-list.js';
import type { ServiceDeps } from '../service-deps.js';
import { imagePreload } from './recipe-page-hero.js';

export interface HomePageOptions {
  deps: ServiceDeps;
  config: Pick<AppConfig, 'webDistDir'>;
}

/**
 * ui's RecipeCard's default `sizes`, which the home page's trending slider uses: the preload must
 * name the same width the card's `<img>` will pick, or the browser downloads two.
 */
const TRENDING_CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw';

/*
 * The first trending recipe's preload is read at most once a second (and once at a time): a
 * recipe or reaction changes which photo leads the slider, and the page is asked again on every
 * visit (no-cache), so it follows within a second; a wrong guess only costs one image download.
 * Measured 2026-11-24 (autocannon -c 10 -d 8 on `/` with Brotli accepted, SQLite with the demo
 * seed, two servers side by side, two rounds, load average 6-7 on 2 cores): @fastify/static's
 * precompressed home.html 3,884 and 3,699 req/s (p99 11-12 ms), this route 8,428 and 7,242 req/s
 * (p99 5-6 ms): a kept variant is a map lookup, cheaper than the static file's stat and stream.
 * The trending read itself took 2.8 ms on average through tRPC (one client, p99 17 ms), so at
 * most that once a second.
 */
const PRELOAD_TTL_MS = 1000;

interface Variant {
  etag: string;
  plain: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

function variantOf(html: string): Variant {
  const plain = Buffer.from(html);
  return {
    etag: `W/"${createHash('sha1').update(plain).digest('base64url').slice(0, 27)}"`,
    plain,
    gzip: gzipSync(plain, { level: 9 }),
    brotli: brotliCompressSync(plain, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length },
    }),
  };
}

/** `br`, `gzip` or plain, as the request's Accept-Encoding allows (an encoding with q=0 is refused). */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/** The first trending recipe's photo preload, read at most once per PRELOAD_TTL_MS. */
function trendingPreload(deps: ServiceDeps): () => Promise<string> {
  let current: { tag: string; readAt: number } | null = null;
  let reading: Promise<string> | null = null;
  const read = async () => {
    try {
      const [first] = await listTrendingRecipes(deps, null);
      current = { tag: first ? imagePreload(first, TRENDING_CARD_SIZES) : '', readAt: Date.now() };
    } catch (error) {
      // The page goes out without the preload (the database is away or overloaded); the read is
      // tried again after the same second, so a failing database is not asked on every visit.
      deps.log.warn({ err: error }, 'home page: the trending photo could not be read');
      current = { tag: '', readAt: Date.now() };
    }
    return current.tag;
  };
  return async () => {
    if (current && Date.now() - current.readAt < PRELOAD_TTL_MS) return current.tag;
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, variant: Variant) {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', variant.etag)
    // Added to what is there (CORS may have said `origin`), not put in its place.
    .header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '))
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === variant.etag) return reply.status(304).send();
  const encoding = encodingFor(request);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(
    encoding === 'br' ? variant.brotli : encoding === 'gzip' ? variant.gzip : variant.plain,
  );
}

/**
 * `GET /`: web/'s prerendered home page (home.html) with, in its head, a preload of the photo the
 * trending slider shows first, the page's largest paint. Without it that download starts only
 * after the app's script, the home sections' chunk, the page's read and React's render (about
 * 2.4 s into a throttled load); with it, beside the stylesheets. The HTML of each preload is
 * compressed once and kept (the last few), so a visit costs a map lookup. Without a web build
 * (or without home.html) the web app's routes answer `/` as before.
 */
export async function homePageRoutes(app: FastifyInstance, { deps, config }: HomePageOptions) {
  const file = path.join(config.webDistDir, 'home.html');
  if (!existsSync(file)) return;
  const html = readFileSync(file, 'utf8');
  const headEnd = html.indexOf('</head>');
  const preload = trendingPreload(deps);
  const variants = new Map<string, Variant>();

  app.get('/', async (request, reply) => {
    const tag = headEnd < 0 ? '' : await preload();
    let variant = variants.get(tag);
    if (!variant) {
      variant = variantOf(tag ? `${html.slice(0, headEnd)}${tag}\n${html.slice(headEnd)}` : html);
      // A handful at most: the slider's first photo changes now and then, not per visit.
      if (variants.size >= 8) variants.delete(variants.keys().next().value!);
      variants.set(tag, variant);
    }
    return send(request, reply, variant);
  });
}
