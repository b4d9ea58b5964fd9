import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '@recipehub/openapi/enums';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A member's report of a recipe, comment, review or member (issue 30), waiting for a moderator
 * while `open`. `targetId` is the item's id (a member's user id: handles are only the API's name
 * for them).
 */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'report',
  properties: {
    id: p.integer().primary(),
    reporter: p.manyToOne(User).ref().deleteRule('cascade'),
    targetType: p.enum([...REPORT_TARGET_TYPES]),
    targetId: p.integer(),
    reason: p.enum([...REPORT_REASONS]),
    details: p.text().nullable(),
    status: p.enum([...REPORT_STATUSES]),
    /**
     * 1 while the report is open, NULL once decided: with the unique index below it allows one
     * open report per reporter per item, and any number of decided ones (NULLs never collide in a
     * unique index, on SQLite and MySQL alike, which have no common partial index).
     */
    openMark: p.integer().nullable(),
    /**
     * Set when a moderator restored the item: this report can no longer hide it automatically
     * (issue 30, item 3), whatever its status.
     */
    spent: p.boolean().default(false),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  uniques: [
    {
      name: 'report_one_open_per_reporter',
      properties: ['reporter', 'targetType', 'targetId', 'openMark'],
    },
  ],
  indexes: [
    // The moderation queue groups reports by item and reads them by status.
    { name: 'report_target_index', properties: ['targetType', 'targetId', 'status'] },
  ],
});

export type Report = InferEntity<typeof Report>;
