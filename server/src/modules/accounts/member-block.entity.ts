import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A member's block of another member (issue 30 item 7): the blocked member may no longer comment
 * on, react to or review the blocker's recipes, and the blocker no longer sees their comments and
 * reviews. Both sides go with either account (cascade).
 */
export const MemberBlock = defineEntity({
  name: 'MemberBlock',
  tableName: 'member_block',
  properties: {
    id: p.integer().primary(),
    blocker: p.manyToOne(User).ref().deleteRule('cascade'),
    blocked: p.manyToOne(User).ref().deleteRule('cascade'),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  uniques: [
    // One block per pair; its first column also serves "whom does this member block".
    { name: 'member_block_pair_unique', properties: ['blocker', 'blocked'] },
  ],
});

export type MemberBlock = InferEntity<typeof MemberBlock>;
