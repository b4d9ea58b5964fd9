import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';

/**
 * The real app on a test database: same plugins, same routes, logging off, files in a scratch
 * folder. `overrides` adjusts the configuration for one test (e.g. demo mode off).
 */
export async function buildTestApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'deps' | 'mailer' | 'rateLimits'> = {},
): Promise<FastifyInstance> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'recipehub-test-'));
  const config: AppConfig = testConfig(scratch, overrides);
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  return app;
}

/** The configuration tests run with: files under `scratch`, a fixed PUBLIC_URL, no Redis. */
export function testConfig(scratch: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      MAIL_DIR: path.join(scratch, 'mail'),
      MEDIA_DIR: path.join(scratch, 'media'),
      WEB_DIST_DIR: path.join(scratch, 'no-web-build'),
      PUBLIC_URL: 'http://recipehub.test',
    }),
    ...overrides,
  };
}
