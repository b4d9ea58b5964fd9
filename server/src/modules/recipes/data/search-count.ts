import type { EntityManager } from '@mikro-orm/core';
import { perDialect } from '../../../db/dialect.js';
import type { RecipeLimits } from '../../shared/service-deps.js';
import type { NewestSample } from './search-backend.js';

/** A search's count: exact, or an estimate when it has more than its exact-count cap. */
export interface SearchCount {
  count: number;
  estimate: boolean;
}

/**
 * Up to this many matches a search's count is exact (20 pages); beyond, it is an estimate.
 * Counting every match is the one cost that grew with the matches: 1.1-10.5 ms on SQLite for
 * the bench's common words (52,358-99,950 matches at 100,000 recipes), 22-185 ms on MariaDB.
 * Counting the newest 1,001 instead read at most 1,001 entries of the index: 0.1-0.4 ms on
 * SQLite for the same words (plain terms, see recipe-search-sqlite.ts). Over 400 varied bench
 * searches (the count alone, process CPU, three alternating rounds on a shared 2-core machine)
 * the newest 1,001 took 1.0-1.4 ms per search with their ids' transfer and sort, the newest 201
 * 0.6-0.9 ms: a tenth of a search's whole cost (3.2-3.8 ms).
 */
export const SEARCH_COUNT_CAP = 200;

/**
 * SEARCH_COUNT_CAP on MySQL/MariaDB, where the sample walks the driving word's entries and probes
 * the other words for each (recipe-search-mysql.ts): counting the newest 1,001 matches of 60
 * varied two-word bench searches took 27.8 ms on average (p50 18, max 252: words that seldom
 * meet), the newest 201 took 4.2 ms (max 11.3), MariaDB 10.11, 1 GiB buffer pool, one at a time.
 * Under 50 connections of varied searches (server pinned to one core, slow log at 0 s, machine
 * shared with other work, load 7-8) the sample of 201 still took 43 ms on average and 51 took 10
 * ms (searches per second 48 -> 91). 5 exact pages, then an estimate; the walks are bounded too
 * (recipe-search-mysql-walks.ts).
 */
export const MYSQL_SEARCH_COUNT_CAP = 50;

/** The count cap a database uses unless SEARCH_COUNT_CAP (the environment variable) sets one. */
export const defaultSearchCountCap = (em: EntityManager) =>
  perDialect(em, { mysql: MYSQL_SEARCH_COUNT_CAP, sqlite: SEARCH_COUNT_CAP });

/** The count cap of a search: the deps' (SEARCH_COUNT_CAP, or a test's), else the default. */
export const searchCountCap = (em: EntityManager, limits: RecipeLimits) =>
  limits.searchCountCap ?? defaultSearchCountCap(em);

/**
 * The estimate of a search with more than `cap` matches (or whose sample stopped at a frontier),
 * from the density of its newest ones:
 * `found` matches lie between the oldest sampled id and the newest recipe, so the whole id range
 * holds about found * (range / sampled range). Ids are creation order and matches of a word are
 * spread over time, so on the bench data the estimate is within a few per cent ("garlic":
 * 52,358 exact); a word that only recent recipes use is overestimated (its later pages answer
 * 404, "Invalid page.", like any page past the end). Two significant digits, never fewer than
 * were found, never more recipes than the id range holds. The id range comes with the sample
 * (two primary-key ends, no scan).
 */
function estimateCount(sample: NewestSample, cap: number): number {
  const { lowestId: lowest, highestId: highest } = sample;
  // Fewer than the cap found before the walks' frontier: the density of the matches at or above
  // it (MySQL's bounded sample, recipe-search-mysql-walks.ts); else of the newest `found`.
  const [known, from] =
    sample.frontier !== null && sample.found <= cap
      ? [sample.inRegion, sample.frontier]
      : [sample.found, sample.oldestId ?? lowest];
  const ids = Math.max(1, highest - lowest + 1);
  const density = known / Math.max(1, highest - from + 1);
  const estimate = Math.min(ids, density * ids);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, estimate))) - 1);
  return Math.max(sample.found, Math.round(estimate / unit) * unit);
}

/** A search's count from its sample: exact up to `cap` matches of a whole walk, else estimated. */
export function countOfSample(sample: NewestSample, cap: number): SearchCount {
  if (sample.found <= cap && sample.frontier === null) {
    return { count: sample.found, estimate: false };
  }
  return { count: estimateCount(sample, cap), estimate: true };
}
