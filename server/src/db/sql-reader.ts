import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from './open-database.js';
import { databaseReads } from './read-pools.js';

/**
 * One EntityManager per database for the hot reads that only run SQL through its connection (the
 * recipe list and search, trending, a recipe's detail and its server-rendered page, the session
 * look-up of every authenticated request): they never load, persist or flush an entity, so they
 * need no identity map of their own, and a fork per request was a measurable part of them.
 * MikroORM 6's fork builds an EntityManager (its validator, entity loader and comparator lookups)
 * and sets the configuration twice: 2.2 % of the server's CPU profile under 50 connections of list page 1 (about 32 µs of a 710 µs request).
 * Measured with the built server pinned to one core, 50 connections, caches off, alternating
 * builds on a machine loaded by other work (load 4-5): server CPU per detail 0.318 -> 0.270-0.280
 * ms, per list page 1 0.659 -> 0.622-0.644 ms. Writes and anything that loads entities keep their
 * own fork.
 *
 * Its identity map must stay empty: anything loaded through it would be shared by every request
 * from then on. `server/test/recipes/sql-reader.test.ts` runs every path that uses it and checks.
 */
export function sqlReader(orm: Orm): EntityManager {
  const reads = databaseReads(orm.em);
  return (reads.sqlReader ??= orm.em.fork());
}
