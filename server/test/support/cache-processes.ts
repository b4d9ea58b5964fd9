import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { createServiceDeps, type ServiceDepsOptions } from '../../src/services.js';
import { GENEROUS_LIMITS } from './account-server.js';
import { testConfig } from './build-test-app.js';
import { FaultProxy } from './fault-proxy.js';

/**
 * Several "server processes" in one test: real apps with their own services and recipe caches,
 * each on its own ORM of a shared database, and the Redis pieces their tests need.
 */

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `redisUrl` (tests that need one are skipped, saying so, if not). */
export async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
}

export interface ServerProcess {
  app: FastifyInstance;
  logs: LogLine[];
  close(): Promise<void>;
}

/**
 * One "server process": the real app and its services on `orm`, logging into `logs`, with
 * REDIS_URL `redis` and its recipe-cache channel under `namespace` (one per test run).
 */
export async function startProcess(
  database: Database,
  redis: string | undefined,
  namespace: string,
): Promise<ServerProcess> {
  const config = testConfig(mkdtempSync(path.join(tmpdir(), 'recipehub-coherence-')), {
    redisUrl: redis,
  });
  const logs: LogLine[] = [];
  const line =
    (level: LogLine['level']) =>
    (...args: unknown[]) =>
      logs.push({ level, msg: String(args.find((arg) => typeof arg === 'string')) });
  const log = { info: line('info'), warn: line('warn'), error: line('error') };
  const deps = createServiceDeps({
    config,
    database,
    log: log as unknown as ServiceDepsOptions['log'],
    rateLimits: GENEROUS_LIMITS,
    failureSlowdowns: {},
    recipeCacheNamespace: namespace,
  });
  const app = await buildApp({ config, database, logger: false, deps });
  await app.ready();
  return {
    app,
    logs,
    async close() {
      await app.close();
      await deps.close();
    },
  };
}

/** A TCP server that accepts and at once drops every connection, counting them. */
export async function droppingServer(): Promise<{
  url: string;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A TCP proxy in front of the Redis at `url` (test/support/fault-proxy.ts), and its URL. */
export async function proxyTo(url: string): Promise<FaultProxy & { url: string }> {
  const target = new URL(url);
  const proxy = await FaultProxy.start({
    host: target.hostname,
    port: Number(target.port || 6379),
  });
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return Object.assign(proxy, { url: proxied.toString() });
}
