/**
 * `npm run sweep-photos -w server`: one photo sweep now (src/modules/recipe-photos/photo-sweep.ts),
 * on the database named by DATABASE_URL and the files under MEDIA_DIR, as the server runs it
 * hourly: uploads not attached within a day, and files older than a day that nothing names.
 * Safe while the server runs. Prints what it deleted.
 */
import { loadConfig } from '../config/config.js';
import { openAppDatabase } from '../app-database.js';
import { sweepPhotos } from '../modules/recipe-photos/photo-sweep.js';
import { describeDatabase } from './database-label.js';
import { runCommand } from './run-command.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    console.error(`sweep-photos: unknown argument ${args.join(' ')}; usage: sweep-photos`);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openAppDatabase(config.database, { migrate: true });
  const orm = database.orm;
  try {
    const report = await sweepPhotos({ orm, config });
    console.log(
      `sweep-photos: ${describeDatabase(config.database)} and ${config.mediaDir}: deleted ` +
        `${report.uploads} unattached uploads and ${report.orphanFiles} orphan files.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('sweep-photos', main);
