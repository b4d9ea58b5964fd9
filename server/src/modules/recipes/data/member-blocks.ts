import type { EntityManager } from '@mikro-orm/core';
import { BLOCKED_BY_AUTHOR } from '@recipehub/openapi/messages';
import type { Viewer } from '../../../auth/viewer.js';
import { selectRows } from '../../../db/select-rows.js';
import { AppError } from '../../../errors/app-error.js';
import { placeholders, toInt } from '../../shared/sql.js';

/**
 * Blocks as the recipe reads and writes meet them (issue 30 item 7). Plain statements on
 * `member_block` (the accounts module owns the entity): the recipe data imports no feature.
 *
 * Follows and notifications do not exist yet; when they come, a blocked member must not be able
 * to follow the blocker or notify them (docs/security.md, "Blocks", says the same).
 */

/** What a viewer's blocks hide from what they read: the blocked members' comments and reviews. */
export interface BlockedView {
  /** True for content by a member the viewer blocks. */
  hides(userId: number | null): boolean;
  /** Per recipe, the blocked members' reviews: their number and rating sum, to subtract. */
  hiddenReviews(recipeIds: readonly number[]): Promise<Map<number, { count: number; sum: number }>>;
}

const NOTHING_HIDDEN: BlockedView = {
  hides: () => false,
  hiddenReviews: () => Promise.resolve(new Map()),
};

/**
 * The read-side filter, in one function that takes the viewer, so it can move into the single
 * visibility rule for hidden content. No statement for a visitor or a member who blocks no one
 * (the session look-up says so, `Viewer.blocksSomeone`); one indexed statement for a member who
 * does, and a second for the blocked members' reviews of the recipes read.
 */
export async function blockedViewOf(
  em: EntityManager,
  viewer: Viewer | null,
): Promise<BlockedView> {
  if (!viewer || viewer.blocksSomeone === false) return NOTHING_HIDDEN;
  const rows = await selectRows<{ blocked_id: unknown }>(
    em,
    'select `blocked_id` from `member_block` where `blocker_id` = ?',
    [viewer.userId],
  );
  if (rows.length === 0) return NOTHING_HIDDEN;
  const blocked = new Set(rows.map((row) => toInt(row.blocked_id)));
  return {
    hides: (userId) => userId !== null && blocked.has(userId),
    async hiddenReviews(recipeIds) {
      const found = new Map<number, { count: number; sum: number }>();
      if (recipeIds.length === 0) return found;
      const members = [...blocked];
      const reviews = await selectRows<{ recipe_id: unknown; n: unknown; total: unknown }>(
        em,
        'select `recipe_id`, count(*) as `n`, sum(`rating`) as `total` from `review` ' +
          `where \`recipe_id\` in (${placeholders(recipeIds)}) ` +
          `and \`user_id\` in (${placeholders(members)}) group by \`recipe_id\``,
        [...recipeIds, ...members],
      );
      for (const row of reviews) {
        found.set(toInt(row.recipe_id), { count: toInt(row.n), sum: toInt(row.total) });
      }
      return found;
    },
  };
}

/**
 * Refuses a member's comment, reaction or review on a recipe whose author blocks them (403). The
 * message does not say who blocked whom.
 */
export async function refuseBlockedWriter(
  em: EntityManager,
  recipeId: number,
  userId: number,
): Promise<void> {
  const [row] = await selectRows<{ blocked: unknown }>(
    em,
    'select 1 as `blocked` from `recipe` r join `member_block` b on b.`blocker_id` = r.`author_id` ' +
      'where r.`id` = ? and b.`blocked_id` = ?',
    [recipeId, userId],
  );
  if (row) throw new AppError('FORBIDDEN', BLOCKED_BY_AUTHOR);
}
