import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { listTrendingRecipes } from '../recipes/recipe-list.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { trendingSectionHtml } from './home-trending-html.js';

export interface HomePageOptions {
  deps: ServiceDeps;
  config: Pick<AppConfig, 'webDistDir'>;
}

/*
 * The trending recipes are read at most once a second (and once at a time): a recipe or reaction
 * changes the slider, and the page is asked again on every visit (no-cache), so it follows within
 * a second; the app shows its own read's answer right after (the same, but for that second).
 * Measured 2026-11-24 (autocannon -c 10 -d 8 on `/` with Brotli accepted, SQLite with the demo
 * seed, two servers side by side, two rounds, load average 6-7 on 2 cores): @fastify/static's
 * precompressed home.html 3,884 and 3,699 req/s (p99 11-12 ms), this route 8,428 and 7,242 req/s
 * (p99 5-6 ms): a kept variant is a map lookup, cheaper than the static file's stat and stream.
 * The trending read itself took 2.8 ms on average through tRPC (one client, p99 17 ms), so at
 * most that once a second.
 */
const TRENDING_TTL_MS = 1000;

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
export function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
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

/** The trending slider's HTML (home-trending-html.ts), read at most once per TRENDING_TTL_MS. */
function trendingSlider(deps: ServiceDeps): () => Promise<string> {
  let current: { html: string; readAt: number } | null = null;
  let reading: Promise<string> | null = null;
  const read = async () => {
    try {
      current = {
        html: trendingSectionHtml(await listTrendingRecipes(deps, null)),
        readAt: Date.now(),
      };
    } catch (error) {
      // The page goes out with the prerendered placeholder (the database is away or overloaded);
      // the read is tried again after the same second, so a failing database is not asked on
      // every visit.
      deps.log.warn({ err: error }, 'home page: the trending recipes could not be read');
      current = { html: '', readAt: Date.now() };
    }
    return current.html;
  };
  return async () => {
    if (current && Date.now() - current.readAt < TRENDING_TTL_MS) return current.html;
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  };
}

/**
 * The element of home.html that the server fills with the trending slider (web/ features/home/
 * trending-first-paint.tsx renders it with the slider's placeholder inside, and keeps whatever
 * it holds while hydrating). Its content runs to the `</div>` that closes it.
 */
const TRENDING_SLOT = /<div [^>]*data-server-rendered="trending"[^>]*>/;

/** home.html cut around the slot's content (the placeholder), or null when it has no slot. */
export function cutAroundTrendingSlot(html: string): { before: string; after: string } | null {
  const slot = TRENDING_SLOT.exec(html);
  if (!slot) return null;
  const contentStart = slot.index + slot[0].length;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = contentStart;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return { before: html.slice(0, contentStart), after: html.slice(tag.index) };
  }
  return null;
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
 * `GET /`: web/'s prerendered home page (home.html) with the trending slider, whose first card's
 * photo is the page's largest paint, already in its slot (home-trending-html.ts), so that photo
 * paints from the HTML instead of after the app's script, its home sections' chunk, the page's
 * read and React's render (LCP 0.7 s locally, 2.4 s throttled, 2026-11-24). The HTML of each
 * slider is compressed once and kept (the last few), so a visit costs a map lookup. With no
 * trending recipes, or when they cannot be read, the slot keeps the prerendered placeholder and
 * the app fills it as it did. Without a web build (or without home.html) the web app's routes
 * answer `/` as before.
 */
export async function homePageRoutes(app: FastifyInstance, { deps, config }: HomePageOptions) {
  const file = path.join(config.webDistDir, 'home.html');
  if (!existsSync(file)) return;
  const html = readFileSync(file, 'utf8');
  const around = cutAroundTrendingSlot(html);
  const slider = trendingSlider(deps);
  const variants = new Map<string, Variant>();

  app.get('/', async (request, reply) => {
    const filled = around ? await slider() : '';
    let variant = variants.get(filled);
    if (!variant) {
      variant = variantOf(filled && around ? `${around.before}${filled}${around.after}` : html);
      // A handful at most: the slider changes now and then, not per visit.
      if (variants.size >= 8) variants.delete(variants.keys().next().value!);
      variants.set(filled, variant);
    }
    return send(request, reply, variant);
  });
}
