import type { ReactionType, RecipeDetail } from './types';

/**
 * The recipe as it will be after the user picks `type` (spec §4): no reaction yet adds it, the
 * same type again removes it, another type replaces it. Shown at once; the server's answer (or a
 * rollback) follows.
 */
export function withReaction(recipe: RecipeDetail, type: ReactionType): RecipeDetail {
  const counts = { ...recipe.reaction_counts };
  const current = recipe.user_reaction;
  let next: ReactionType | null = type;
  if (current === type) {
    counts[type] = Math.max(0, counts[type] - 1);
    counts.total = Math.max(0, counts.total - 1);
    next = null;
  } else if (current === null) {
    counts[type] += 1;
    counts.total += 1;
  } else {
    counts[current] = Math.max(0, counts[current] - 1);
    counts[type] += 1;
  }
  return {
    ...recipe,
    reaction_counts: counts,
    user_reaction: next,
    is_liked_by_user: next !== null,
  };
}
