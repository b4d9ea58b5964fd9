import { z } from 'zod';
import { REPORT_REASONS } from '../enums.js';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, MAX_REPORT_DETAILS } from '../limits.js';
import {
  REPORT_DETAILS_TOO_LONG,
  REPORT_HANDLE_INVALID,
  REPORT_ID_INVALID,
  REPORT_REASON_INVALID,
  REPORT_TYPE_INVALID,
} from '../messages.js';
import { atMost } from '../text-rules.js';
import { text } from './fields.js';

/** The contract's `Handle`: 3-30 of a-z, 0-9 and inner single hyphens. */
const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const common = {
  reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_INVALID }),
  details: text('Details', 'multiple')
    .trim()
    .refine(atMost(MAX_REPORT_DETAILS), REPORT_DETAILS_TOO_LONG)
    .nullish()
    .transform((value) => value || null),
};

/**
 * A member's report (`POST /api/reports/`): a recipe, comment or review by id, a member by
 * handle; details optional, at most 1,000 characters, no control characters (line breaks allowed).
 */
export const reportInput = z.discriminatedUnion(
  'target_type',
  [
    z.object({
      target_type: z.enum(['recipe', 'comment', 'review']),
      target_id: z
        .number({ error: REPORT_ID_INVALID })
        .int(REPORT_ID_INVALID)
        .min(1, REPORT_ID_INVALID)
        .max(2_147_483_647, REPORT_ID_INVALID),
      ...common,
    }),
    z.object({
      target_type: z.literal('user'),
      target_id: z
        .string({ error: REPORT_HANDLE_INVALID })
        .min(HANDLE_MIN_LENGTH, REPORT_HANDLE_INVALID)
        .max(HANDLE_MAX_LENGTH, REPORT_HANDLE_INVALID)
        .regex(HANDLE_PATTERN, REPORT_HANDLE_INVALID),
      ...common,
    }),
  ],
  { error: REPORT_TYPE_INVALID },
);
export type ReportInput = z.output<typeof reportInput>;
