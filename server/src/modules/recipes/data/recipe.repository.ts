import type { EntityManager } from '@mikro-orm/core';
import { publicRow } from './visibility.js';

/**
 * Recomputes the denormalised counters on `recipe` from the source tables: reactions, saves,
 * comments, reviews and the rating sum (of the visible ones: visibility.ts) (average = ratingSum / reviewCount). Pass the recipes a
 * write touched (or nothing for all). Runs in the caller's transaction when there is one, so
 * a write and its counters commit together; recomputing instead of incrementing means a
 * retried or concurrent write can never leave a counter drifting.
 */
export async function refreshRecipeCounters(
  em: EntityManager,
  recipeIds?: readonly number[],
): Promise<void> {
  if (recipeIds !== undefined && recipeIds.length === 0) return;
  const where =
    recipeIds === undefined ? '' : ` where id in (${recipeIds.map(() => '?').join(', ')})`;
  // Backticks quote identifiers on both SQLite and MySQL (`comment` and `save` are keywords there).
  const sql =
    'update `recipe` set ' +
    '`reaction_count` = (select count(*) from `reaction` where `reaction`.`recipe_id` = `recipe`.`id`), ' +
    '`save_count` = (select count(*) from `save` where `save`.`recipe_id` = `recipe`.`id`), ' +
    `\`comment_count\` = (select count(*) from \`comment\` where \`comment\`.\`recipe_id\` = \`recipe\`.\`id\` and ${publicRow('`comment`')}), ` +
    `\`review_count\` = (select count(*) from \`review\` where \`review\`.\`recipe_id\` = \`recipe\`.\`id\` and ${publicRow('`review`')}), ` +
    `\`rating_sum\` = (select coalesce(sum(\`rating\`), 0) from \`review\` where \`review\`.\`recipe_id\` = \`recipe\`.\`id\` and ${publicRow('`review`')})` +
    where;
  await em.getConnection().execute(sql, [...(recipeIds ?? [])], 'run', em.getTransactionContext());
}
