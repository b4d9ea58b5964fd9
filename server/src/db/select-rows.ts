import type { EntityManager } from '@mikro-orm/core';

/** Raw rows from `em.getConnection().execute`, inside the caller's transaction when there is one. */
export async function selectRows<T>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, [...params], 'all', em.getTransactionContext());
}
