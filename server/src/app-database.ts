import { entities } from './entities.js';
import type { Database } from './db/database.js';
import { openDatabase, type OpenDatabaseOptions } from './db/open-database.js';
import type { DatabaseOptions, DatabaseSchema } from './db/orm-options.js';
import { SEARCH_OWN_TABLES } from './modules/recipes/search/search-tables.js';

/** RecipeHub's database: every entity, and the search's own tables (no entity). */
export const APP_SCHEMA: DatabaseSchema = { entities, tablesWithoutEntity: SEARCH_OWN_TABLES };

/** openDatabase (db/open-database.ts) with APP_SCHEMA: what the server, tools and tests open. */
export function openAppDatabase(
  database: DatabaseOptions,
  options: Omit<OpenDatabaseOptions, 'schema'>,
): Promise<Database> {
  return openDatabase(database, { ...options, schema: APP_SCHEMA });
}
