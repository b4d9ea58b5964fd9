import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Orm } from '../../../db/database.js';
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

/** The two connections of one process's bus and what its messages carry. */
interface BusLink {
  orm: Orm;
  channel: string;
  /** This process: its own messages are already applied when they come back. */
  origin: string;
  subscriber: Redis;
  publisher: Redis;
  log: RecipeCacheBusOptions['log'];
}

type CacheBusHandle = ReturnType<typeof attachCacheBus>;

/** Connection health: an outage is logged once, whichever connection notices first. */
function busHealth({ publisher, log }: BusLink) {
  const state = { closed: false, down: false, subscribed: false };
  return {
    state,
    reportDown(error?: unknown) {
      if (state.closed || state.down) return;
      state.down = true;
      log.warn(
        { err: error },
        'recipe caches cannot reach Redis (REDIS_URL): until it is back, another process sees a ' +
          `write's effect on lists within ${DETACHED_TTL_MS / 1000} s; reconnecting`,
      );
    },
    reportUpIfBoth() {
      if (!state.down || !state.subscribed || publisher.status !== 'ready') return;
      state.down = false;
      log.info('recipe caches reach Redis again: invalidations are shared between processes');
    },
  };
}
type BusHealth = ReturnType<typeof busHealth>;

/** Publishing, with the invalidations that could not be published kept for the reconnect. */
function busPublishing({ publisher, channel, origin }: BusLink, health: BusHealth) {
  const pending = new Set<string>();
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
      health.reportDown(error);
      // A publish that timed out on a link that looks open: start over, then flush on 'ready'.
      if (publisher.status === 'ready') publisher.disconnect(true);
    });
  };
  return {
    publish(tags: readonly string[]) {
      if (publisher.status === 'ready') send(tags);
      else keep(tags);
    },
    flushPending() {
      if (pending.size === 0) return;
      const tags = [...pending];
      pending.clear();
      send(tags);
    },
  };
}

/**
 * The subscriber's side: applies other processes' invalidations, resubscribes on 'ready', and
 * marks the caches incoherent whenever it may miss some (an error, a close, an unanswered PING).
 * Answers the heartbeat's timer.
 */
function listen(link: BusLink, caches: CacheBusHandle, health: BusHealth): NodeJS.Timeout {
  const { subscriber, orm, origin, channel } = link;
  /** Other processes' invalidations may be missed from now on. */
  const deaf = (error?: unknown) => {
    health.state.subscribed = false;
    caches.setCoherent(false);
    health.reportDown(error);
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
        health.state.subscribed = true;
        caches.setCoherent(true);
        health.reportUpIfBoth();
      },
      (error: unknown) => {
        deaf(error);
        subscriber.disconnect(true);
      },
    );
  });
  subscriber.on('error', deaf);
  subscriber.on('close', () => deaf());
  const heartbeat = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().catch((error: unknown) => {
      deaf(error);
      subscriber.disconnect(true);
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return heartbeat;
}

/** Starts sharing the ORM's cache invalidations through Redis; never waits for Redis. */
export function startRecipeCacheBus({ orm, redisUrl, log, namespace }: RecipeCacheBusOptions): {
  close(): Promise<void>;
} {
  const connection = {
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    // Nothing queues while Redis is away: the subscriber resubscribes itself on 'ready', the
    // publisher keeps its pending tags.
    enableOfflineQueue: false,
    autoResubscribe: false,
    maxRetriesPerRequest: 0,
  };
  const link: BusLink = {
    orm,
    channel: recipeCacheChannel(orm, namespace),
    origin: randomUUID(),
    subscriber: new Redis(redisUrl, connection),
    publisher: new Redis(redisUrl, connection),
    log,
  };
  const { publisher, subscriber } = link;
  const health = busHealth(link);
  const publishing = busPublishing(link, health);
  const caches = attachCacheBus(orm, { publish: (tags) => publishing.publish(tags) });
  const heartbeat = listen(link, caches, health);
  publisher.on('ready', () => {
    publishing.flushPending();
    health.reportUpIfBoth();
  });
  publisher.on('error', health.reportDown);
  publisher.on('close', () => health.reportDown());

  return {
    async close() {
      health.state.closed = true;
      clearInterval(heartbeat);
      caches.detach();
      subscriber.disconnect();
      // What this process wrote last still reaches the others when Redis answers.
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
