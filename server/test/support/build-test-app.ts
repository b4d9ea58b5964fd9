import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import type { Orm } from '../../src/db/open-database.js';

/**
 * The real app on a test database: same plugins, same routes, logging off, files in a scratch
 * folder. `overrides` adjusts the configuration for one test (e.g. demo mode off).
 */
export async function buildTestApp(
  orm: Orm,
  overrides: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'recipehub-test-'));
  const config: AppConfig = {
    ...loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      MAIL_DIR: path.join(scratch, 'mail'),
      MEDIA_DIR: path.join(scratch, 'media'),
      WEB_DIST_DIR: path.join(scratch, 'no-web-build'),
      PUBLIC_URL: 'http://recipehub.test',
    }),
    ...overrides,
  };
  const app = await buildApp({ config, orm, logger: false });
  await app.ready();
  return app;
}
