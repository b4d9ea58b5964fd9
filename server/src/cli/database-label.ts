import type { DatabaseOptions } from '../db/orm-options.js';

/** How the CLIs name the database they are about to touch, without printing a password. */
export function describeDatabase(database: DatabaseOptions): string {
  if (database.kind === 'sqlite') return `SQLite ${database.path}`;
  const url = new URL(database.url);
  if (url.password) url.password = '***';
  return `MySQL ${url.toString()}`;
}
