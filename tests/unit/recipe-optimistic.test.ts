import { describe, expect, it } from 'vitest';
import { withReaction } from '../../web/src/features/recipe-detail/optimistic';
import type { RecipeDetail } from '../../web/src/features/recipe-detail/types';

const recipe = (user_reaction: RecipeDetail['user_reaction'], LIKE = 2, LOVE = 1) =>
  ({
    user_reaction,
    is_liked_by_user: user_reaction !== null,
    reaction_counts: { LIKE, LOVE, WOW: 0, SAD: 0, total: LIKE + LOVE },
  }) as RecipeDetail;

describe('withReaction', () => {
  it('adds a first reaction', () => {
    const next = withReaction(recipe(null), 'WOW');
    expect(next.user_reaction).toBe('WOW');
    expect(next.reaction_counts).toEqual({ LIKE: 2, LOVE: 1, WOW: 1, SAD: 0, total: 4 });
  });

  it('removes the reaction when the same type is chosen again', () => {
    const next = withReaction(recipe('LIKE'), 'LIKE');
    expect(next.user_reaction).toBeNull();
    expect(next.is_liked_by_user).toBe(false);
    expect(next.reaction_counts).toEqual({ LIKE: 1, LOVE: 1, WOW: 0, SAD: 0, total: 2 });
  });

  it('replaces another type without changing the total', () => {
    const next = withReaction(recipe('LIKE'), 'LOVE');
    expect(next.user_reaction).toBe('LOVE');
    expect(next.reaction_counts).toEqual({ LIKE: 1, LOVE: 2, WOW: 0, SAD: 0, total: 3 });
  });
});
