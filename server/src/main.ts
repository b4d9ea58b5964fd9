import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError } from './config/config-error.js';
import { loadConfig, type AppConfig } from './config/config.js';
import { openAppDatabase } from './app-database.js';
import { isDatabaseEmpty } from './seed/database-empty.js';
import { SERVING_TIMEOUTS } from './db/orm-options.js';
import { seedDemoData } from './seed/demo-seeder.js';
import { accountsWithPublishedPasswords } from './seed/published-passwords.js';
import { describeSignIn, seedCredentials } from './seed/seed-credentials.js';

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
  // Requests answer 503 within 2 s when the database is away or frozen (docs/operations.md, "When the
  // database or disk fails").
  // Costly reads on SQLite run on their own connections, off the event loop (sqlite-read-pool.ts).
  const database = await openAppDatabase(config.database, {
    migrate: true,
    timeouts: SERVING_TIMEOUTS,
    readConnections: config.sqliteReadConnections,
  });
  const orm = database.orm;

  // Only the embedded default seeds itself; MySQL or a database with data is seeded on request.
  let signIn: string[] = [];
  if (config.database.kind === 'sqlite' && (await isDatabaseEmpty(orm))) {
    const credentials = seedCredentials(config);
    await seedDemoData(orm, { ...credentials, photos: config });
    signIn = describeSignIn(credentials);
  }

  const app = await buildApp({ config, database });
  if (config.demoModeForced) {
    app.log.warn(
      'DEMO_MODE=true: the sign-in page shows the demo admin email and password to anyone who ' +
        `can reach this server (listening on ${config.host}); never set it on a public server`,
    );
  }
  // Told once, on the start that seeded: a generated admin password is never logged again.
  for (const line of signIn) app.log.info(`first start seeded the demo data: ${line}`);
  if (!config.demoMode) {
    const exposed = await accountsWithPublishedPasswords(orm, config);
    if (exposed.length > 0) {
      app.log.warn(
        `demo mode is off, but ${exposed.join(' and ')} still sign in with the published demo ` +
          'passwords (seeded in demo mode): reseed with `npm run seed -- --force` or reset them',
      );
    }
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.demoMode && signIn.length === 0) {
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
