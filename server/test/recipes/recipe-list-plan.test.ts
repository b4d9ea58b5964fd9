import { describe, expect, it } from 'vitest';
import { recipeListInput } from '@recipehub/openapi/schemas/recipes';
import type { Viewer } from '../../src/auth/viewer.js';
import { recipeListPlan } from '../../src/modules/recipes/data/recipe-list-plan.js';

/*
 * The list plan is built from the request alone; these pin what each filter adds, in order
 * (the database tests run the plans themselves).
 */
const member: Viewer = {
  userId: 7,
  email: 'cook@recipehub.local',
  role: 'User',
  sessionId: 1,
  sessionKind: 'login',
};
const admin: Viewer = { ...member, userId: 1, role: 'Admin' };
const plan = (query: Record<string, string>, known: Viewer | null) =>
  recipeListPlan(recipeListInput.parse(query), known);

describe('the recipe list plan', () => {
  it('is empty for the plain list: newest first, the unfiltered count', () => {
    expect(plan({}, null)).toEqual({ conditions: [], byAuthor: false, words: [] });
  });

  it('filters categories with one condition holding their ids', () => {
    const first = plan({ categories: '3,1' }, null);
    expect(first.conditions).toHaveLength(1);
    expect(first.conditions[0]?.params).toEqual([3, 1]);
  });

  it("filters a member's own recipes by author, but not an Admin's (theirs is every recipe)", () => {
    const mine = plan({ my_recipes: 'true' }, member);
    expect(mine.byAuthor).toBe(true);
    expect(mine.conditions[0]?.params).toEqual([7]);
    const adminsOwn = plan({ my_recipes: 'true' }, admin);
    expect(adminsOwn).toEqual({ conditions: [], byAuthor: false, words: [] });
  });

  it('adds the saved list and the search words after the other filters', () => {
    const saved = plan(
      { saved_recipes: 'true', categories: '2', search: 'Chicken  curry' },
      member,
    );
    expect(saved.words).toEqual(['chicken', 'curry']);
    // The saved list carries the visibility rule: the member's own hidden recipes stay (7 twice).
    expect(saved.conditions.map((condition) => condition.params)).toEqual([[2], [7, 7]]);
    expect(saved.byAuthor).toBe(false);
  });
});
