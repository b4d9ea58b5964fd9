import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { closeDatabase, isDatabaseEmpty, openDatabase } from './db/open-database.js';
import { SERVING_TIMEOUTS } from './db/orm-options.js';
import { seedDemoData } from './seed/demo-seeder.js';

/**
 * Boots the server: validate configuration, migrate, seed an empty embedded database, listen,
 * and shut down cleanly on SIGTERM/SIGINT.
 */
async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  mkdirSync(config.mediaDir, { recursive: true });
  // Requests answer 503 within 2 s when the database is away or frozen (README, "When the
  // database or disk fails").
  const orm = await openDatabase(config.database, { migrate: true, timeouts: SERVING_TIMEOUTS });

  // Only the embedded default seeds itself; MySQL or a database with data is seeded on request.
  if (config.database.kind === 'sqlite' && (await isDatabaseEmpty(orm))) {
    await seedDemoData(orm, { admin: config.demoAdmin });
  }

  const app = await buildApp({ config, orm });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await closeDatabase(orm);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.demoMode) {
    app.log.info(
      `demo mode: sign in as ${config.demoAdmin.email} (password shown on the login page)`,
    );
  }
}

main().catch((error: unknown) => {
  // Database and port problems are the common ones at boot: one clear line, details at debug level.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`RecipeHub failed to start: ${message}\n`);
  process.exit(1);
});
