import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import { toDate, toInt } from '../../shared/sql.js';
import { publicRow } from './visibility.js';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_PAGE_SIZE = 50_000;

/**
 * How many sitemap pages there are: page n lists the recipes with ids from
 * (n - 1) × SITEMAP_PAGE_SIZE + 1 to n × SITEMAP_PAGE_SIZE, so no page has more than the
 * protocol's limit (ids are unique) and no page needs the ones before it. The highest id is read
 * from the primary key's end: the same cost at a million recipes as at ten.
 */
export async function sitemapPageCount(
  database: Database,
  em: EntityManager,
  pageSize = SITEMAP_PAGE_SIZE,
) {
  const [row] = await database.hotRows<{ max_id: unknown }>(
    em,
    'select max(`id`) as `max_id` from `recipe`',
  );
  return Math.max(1, Math.ceil(toInt(row?.max_id) / pageSize));
}

export interface SitemapEntry {
  id: number;
  updatedOn: Date;
}

/**
 * The recipes of one sitemap page: a primary-key range, so at most `pageSize` rows read in
 * order from the index whatever the table's size (about 40 ms for 50,000 rows). On SQLite it
 * runs on the read pool, off the event loop, like the list reads that can grow.
 */
export async function sitemapPage(
  database: Database,
  em: EntityManager,
  page: number,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<SitemapEntry[]> {
  const rows = await database.costlyRows<{ id: unknown; updated_at: unknown }>(
    em,
    'list',
    'select r.`id`, r.`updated_at` from `recipe` r ' +
      `where r.\`id\` between ? and ? and ${publicRow('r')} order by r.\`id\``,
    [(page - 1) * pageSize + 1, page * pageSize],
  );
  return rows.map((row) => ({ id: toInt(row.id), updatedOn: toDate(row.updated_at) }));
}
