/* eslint-disable max-lines-per-function -- issue 13, not yet done: startRecipeCacheBus is 122 lines, to split into connect/publish/listen. */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Orm } from '../../db/open-database.js';
import { attachCacheBus, DETACHED_TTL_MS, dropInvalidatedTags } from './recipe-count-cache.js';
import { EVERYTHING_TAG } from './recipe-cache-tags.js';

/**
 * Keeps the recipe caches of several server processes on one database coherent: every
 * invalidation is published on a Redis channel of that database, and every process drops the
 * same tags when it hears one (its own messages it has already applied).
 *
 * Pub/sub delivers at most once, to whoever is subscribed at that moment, so the caches rely on
 * it only while the subscription stands. When the subscriber's connection breaks, the caches
 * drop everything and entries live DETACHED_TTL_MS, the same bound as without Redis; a failure
 * of either connection is logged once, and ioredis reconnects (every 50 ms growing to 2 s).
 * Invalidations that could not be published meanwhile are kept (as a set of tags, so an outage
 * cannot grow it past MAX_PENDING_TAGS) and published on reconnecting: a process whose own link
 * broke still tells the others, who may never have lost theirs. A link that dies silently (no
 * FIN, no RST) is caught by a PING every HEARTBEAT_MS on the subscriber, answered within
 * COMMAND_TIMEOUT_MS: within 7 s; COHERENT_TTL_MS bounds whatever still slips through.
 */
const HEARTBEAT_MS = 5_000;
const COMMAND_TIMEOUT_MS = 2_000;
const MAX_PENDING_TAGS = 1_000;

const message = z.object({ from: z.string(), tags: z.array(z.string()).max(MAX_PENDING_TAGS) });

export interface RecipeCacheBusOptions {
  orm: Orm;
  redisUrl: string;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
  /** Prefixes the channel: tests use a fresh one per run so parallel files never cross. */
  namespace?: string;
}

/**
 * The channel of the ORM's database: the same for every process on that database, whatever its
 * credentials, and different for two databases sharing one Redis (a hash of the SQLite file's
 * absolute path, or of the MySQL host, port and database name). An in-memory SQLite database
 * belongs to one ORM, so it gets a channel of its own.
 */
export function recipeCacheChannel(orm: Orm, namespace = ''): string {
  const clientUrl = orm.config.get('clientUrl');
  let database: string;
  if (clientUrl) {
    const url = new URL(clientUrl);
    database = `mysql://${url.hostname.toLowerCase()}:${url.port || '3306'}${url.pathname}`;
  } else {
    const file = orm.config.get('dbName') ?? ':memory:';
    database = file === ':memory:' ? `memory:${randomUUID()}` : `sqlite:${path.resolve(file)}`;
  }
  const hash = createHash('sha256').update(database).digest('hex').slice(0, 24);
  return `recipehub:${namespace ? `${namespace}:` : ''}recipe-caches:${hash}`;
}

/** Starts sharing the ORM's cache invalidations through Redis; never waits for Redis. */
export function startRecipeCacheBus({ orm, redisUrl, log, namespace }: RecipeCacheBusOptions): {
  close(): Promise<void>;
} {
  const channel = recipeCacheChannel(orm, namespace);
  const origin = randomUUID();
  const connection = {
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    // Nothing queues while Redis is away: the subscriber resubscribes itself on 'ready', the
    // publisher keeps its pending tags.
    enableOfflineQueue: false,
    autoResubscribe: false,
    maxRetriesPerRequest: 0,
  };
  const subscriber = new Redis(redisUrl, connection);
  const publisher = new Redis(redisUrl, connection);
  const pending = new Set<string>();
  let closed = false;
  let down = false;
  let subscribed = false;

  /** Logged once per outage, whichever connection notices first. */
  const reportDown = (error?: unknown) => {
    if (closed || down) return;
    down = true;
    log.warn(
      { err: error },
      'recipe caches cannot reach Redis (REDIS_URL): until it is back, another process sees a ' +
        `write's effect on lists within ${DETACHED_TTL_MS / 1000} s; reconnecting`,
    );
  };
  const reportUpIfBoth = () => {
    if (!down || !subscribed || publisher.status !== 'ready') return;
    down = false;
    log.info('recipe caches reach Redis again: invalidations are shared between processes');
  };
  /** Invalidations to publish once the publisher is back: a set, capped by dropping everything. */
  const keep = (tags: readonly string[]) => {
    for (const tag of tags) pending.add(tag);
    if (pending.size > MAX_PENDING_TAGS) {
      pending.clear();
      pending.add(EVERYTHING_TAG);
    }
  };
  const send = (tags: readonly string[]) => {
    const payload = JSON.stringify({ from: origin, tags });
    publisher.publish(channel, payload).catch((error: unknown) => {
      keep(tags);
      reportDown(error);
      // A publish that timed out on a link that looks open: start over, then flush on 'ready'.
      if (publisher.status === 'ready') publisher.disconnect(true);
    });
  };
  const caches = attachCacheBus(orm, {
    publish(tags) {
      if (publisher.status === 'ready') send(tags);
      else keep(tags);
    },
  });
  /** Other processes' invalidations may be missed from now on. */
  const deaf = (error?: unknown) => {
    subscribed = false;
    caches.setCoherent(false);
    reportDown(error);
  };
  const flushPending = () => {
    if (pending.size === 0) return;
    const tags = [...pending];
    pending.clear();
    send(tags);
  };

  subscriber.on('message', (_channel: string, raw: string) => {
    let parsed: z.infer<typeof message>;
    try {
      parsed = message.parse(JSON.parse(raw));
    } catch {
      return; // Not ours: nothing to drop.
    }
    if (parsed.from !== origin) dropInvalidatedTags(orm, parsed.tags);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        caches.setCoherent(true);
        reportUpIfBoth();
      },
      (error: unknown) => {
        deaf(error);
        subscriber.disconnect(true);
      },
    );
  });
  publisher.on('ready', () => {
    flushPending();
    reportUpIfBoth();
  });
  subscriber.on('error', deaf);
  subscriber.on('close', () => deaf());
  publisher.on('error', reportDown);
  publisher.on('close', () => reportDown());
  const heartbeat = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().catch((error: unknown) => {
      deaf(error);
      subscriber.disconnect(true);
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async close() {
      closed = true;
      clearInterval(heartbeat);
      caches.detach();
      subscriber.disconnect();
      // What this process wrote last still reaches the others when Redis answers.
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
