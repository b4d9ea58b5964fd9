/**
 * `npm run seed -w server [-- --force]`: fills the database named by DATABASE_URL with the demo
 * data (migrating it first). A database that already holds data is refused; `--force` wipes every
 * table and reseeds, after saying so. The server seeds an empty embedded database by itself; this
 * is the explicit way for MySQL or for starting over. It prints how to sign in: outside demo mode
 * the admin's password is generated here and printed only this once.
 */
import { loadConfig } from '../config/config.js';
import { openAppDatabase } from '../app-database.js';
import { isDatabaseEmpty } from '../seed/database-empty.js';
import { searchIndexOf } from '../services.js';
import { seedDemoData } from '../seed/demo-seeder.js';
import { describeSignIn, seedCredentials } from '../seed/seed-credentials.js';
import { describeDatabase } from './database-label.js';
import { runCommand } from './run-command.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--force');
  if (unknown.length > 0) {
    console.error(`seed: unknown argument ${unknown.join(' ')}; usage: seed [--force]`);
    return 2;
  }
  const force = args.includes('--force');
  const config = loadConfig(process.env);
  const label = describeDatabase(config.database);
  const database = await openAppDatabase(config.database, { migrate: true });
  const orm = database.orm;
  try {
    if (!(await isDatabaseEmpty(orm))) {
      if (!force) {
        console.error(`seed: ${label} already holds data; nothing changed.`);
        console.error('seed: run with --force to DELETE ALL DATA in it and reseed the demo data.');
        return 1;
      }
      console.log(`seed: --force given: deleting all data in ${label} and reseeding.`);
      await orm.schema.clearDatabase();
      await searchIndexOf(database).clearOwnTables(orm.em.fork());
    }
    const credentials = seedCredentials(config);
    const summary = await seedDemoData(orm, { ...credentials, photos: config });
    console.log(
      `seed: ${label} now holds ${summary.users} users, ${summary.categories} categories, ` +
        `${summary.recipes} recipes, ${summary.reactions} reactions, ${summary.saves} saves, ` +
        `${summary.reviews} reviews and ${summary.comments} comments.`,
    );
    for (const line of describeSignIn(credentials)) console.log(`seed: ${line}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('seed', main);
