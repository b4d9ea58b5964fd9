import { handleCandidates } from '../modules/users/handle.js';

type Execute = (sql: string, params?: unknown[]) => Promise<unknown>;

/**
 * Gives every member without a handle one derived from their name, as registration would, oldest
 * first (the earliest member keeps the plain name). Run by both dialects' `handles` migration,
 * before the unique index exists: the taken handles are kept here, not asked of the database.
 */
export async function backfillHandles(execute: Execute): Promise<void> {
  const rows = (await execute(
    "select `id`, `first_name`, `last_name`, `handle` from `user` order by `id`",
  )) as { id: number; first_name: string; last_name: string; handle: string }[];
  const taken = new Set(rows.map((row) => row.handle).filter((handle) => handle !== ''));
  for (const row of rows) {
    if (row.handle !== '') continue;
    let chosen: string | undefined;
    for (const candidate of handleCandidates(row.first_name, row.last_name)) {
      chosen = candidate;
      if (!taken.has(candidate)) break;
    }
    // Past every candidate (never in practice) the id makes it unique.
    if (chosen === undefined || taken.has(chosen)) chosen = `cook-${row.id}`;
    taken.add(chosen);
    await execute('update `user` set `handle` = ? where `id` = ?', [chosen, row.id]);
  }
}
