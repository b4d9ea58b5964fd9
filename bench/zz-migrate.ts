import { openDatabase, closeDatabase } from '../server/src/db/open-database.js';
const [kind, target] = process.argv.slice(2);
const started = Date.now();
const orm = await openDatabase(kind === 'sqlite' ? { kind: 'sqlite', path: target! } : { kind: 'mysql', url: target! }, { migrate: true });
console.log('migrated in', Date.now() - started, 'ms');
await closeDatabase(orm);
