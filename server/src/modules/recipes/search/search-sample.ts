import { highestIds, toInt } from '../../shared/sql.js';
import type { NewestSample } from './search-index.js';

/** The row of a backend's sample statement (sqlite-search-index.ts, mysql-search-index.ts). */
export interface SampleRow {
  n: unknown;
  oldest: unknown;
  /** The sampled ids, comma-separated (GROUP_CONCAT). */
  ids: unknown;
  lowest: unknown;
  highest: unknown;
  /** How many matches lie at or above a bounded walk's frontier (MySQL only). */
  in_region?: unknown;
}

/** A sample statement's row as the search reads it: the newest `keep` ids, highest first. */
export function sampleOf(row: SampleRow | undefined, keep: number): NewestSample {
  return {
    found: toInt(row?.n),
    oldestId: row?.oldest == null ? null : toInt(row.oldest),
    newestIds: highestIds(row?.ids, keep),
    lowestId: toInt(row?.lowest),
    highestId: toInt(row?.highest),
    frontier: null,
    inRegion: toInt(row?.in_region),
  };
}
