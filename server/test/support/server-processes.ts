import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { createServiceDeps, type ServiceDepsOptions } from '../../src/services.js';
import { GENEROUS_LIMITS } from './account-server.js';
import { testConfig } from './build-test-app.js';

/**
 * Several "server processes" in one test: real apps with their own services, each on its own ORM
 * of a shared database.
 */

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
}

export interface ServerProcess {
  app: FastifyInstance;
  logs: LogLine[];
  close(): Promise<void>;
}

/** One "server process": the real app and its services on `database`, logging into `logs`. */
export async function startProcess(database: Database): Promise<ServerProcess> {
  const config = testConfig(mkdtempSync(path.join(tmpdir(), 'recipehub-processes-')));
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
