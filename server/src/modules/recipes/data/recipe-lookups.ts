import { LockMode, type EntityManager } from '@mikro-orm/core';
import { notFound } from '../../shared/sql.js';
import { RECIPE_NOT_FOUND } from '../recipe-messages.js';
import { Recipe } from '../recipe.entity.js';

/**
 * The recipe, or 404 (shared by the toggles, comments and reviews). Inside a write transaction
 * pass `lock`: the recipe row is locked first (SELECT ... FOR UPDATE on MySQL; SQLite has one
 * writer anyway), so writes on one recipe run one after the other and each recomputes its
 * counters from rows the previous one committed, never from an older snapshot.
 */
export async function requireRecipe(
  em: EntityManager,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<Recipe> {
  const recipe = await em.findOne(Recipe, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  return recipe;
}
