import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from '../enums.js';
import { HANDLE_MAX_LENGTH, MAX_REPORT_DETAILS } from '../limits.js';
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
const isHandle = (value: string) =>
  value.length >= 3 && value.length <= HANDLE_MAX_LENGTH && HANDLE_PATTERN.test(value);

/**
 * A member's report (`POST /api/reports/`): a recipe, comment or review by id, a member by
 * handle; details optional, at most 1,000 characters, no control characters (line breaks allowed).
 */
export const reportInput = z
  .object({
    target_type: z.enum(REPORT_TARGET_TYPES, { error: REPORT_TYPE_INVALID }),
    target_id: z.union([z.number().int().min(1).max(2_147_483_647), z.string()], {
      error: REPORT_ID_INVALID,
    }),
    reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_INVALID }),
    details: text('Details', 'multiple')
      .trim()
      .refine(atMost(MAX_REPORT_DETAILS), REPORT_DETAILS_TOO_LONG)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((input, context) => {
    if (input.target_type === 'user') {
      if (typeof input.target_id !== 'string' || !isHandle(input.target_id)) {
        context.addIssue({ code: 'custom', path: ['target_id'], message: REPORT_HANDLE_INVALID });
      }
    } else if (typeof input.target_id !== 'number') {
      context.addIssue({ code: 'custom', path: ['target_id'], message: REPORT_ID_INVALID });
    }
  });
export type ReportInput = z.output<typeof reportInput>;
