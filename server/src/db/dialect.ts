import type { EntityManager } from '@mikro-orm/core';
import { MySqlPlatform } from '@mikro-orm/knex';

/** True on MySQL or MariaDB, false on SQLite: the one test of which dialect a statement is for. */
export const isMySql = (em: EntityManager) => em.getPlatform() instanceof MySqlPlatform;
