import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../enums.js';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, MAX_AUDIT_REASON } from '../limits.js';
import {
  AUDIT_ACTION_INVALID,
  AUDIT_ACTOR_INVALID,
  AUDIT_DATE_INVALID,
  AUDIT_DATES_REVERSED,
  AUDIT_REASON_TOO_LONG,
  AUDIT_TARGET_ID_INVALID,
  AUDIT_TYPE_INVALID,
} from '../messages.js';
import { atMost } from '../text-rules.js';
import { text } from './fields.js';
import { pageField } from './recipes.js';

/** Why an Admin acted: optional, at most 1,000 characters, no control characters; '' is none. */
export const auditReasonField = text('Reason', 'multiple')
  .trim()
  .refine(atMost(MAX_AUDIT_REASON), AUDIT_REASON_TOO_LONG)
  .nullish()
  .transform((value) => value || null);

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// A filter left out is "any"; an empty one is refused like any value the contract does not allow
// (the web app leaves blank fields out of the query).
const optional = <T extends z.ZodType>(schema: T) => schema.optional();

/** `YYYY-MM-DD` that is a real day of the calendar (not 2026-02-30). */
const dayField = z
  .string({ error: AUDIT_DATE_INVALID })
  .regex(DAY, AUDIT_DATE_INVALID)
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, AUDIT_DATE_INVALID);

/** `GET /api/moderation/audit/`'s filters: each optional, all combined. */
export const auditListInput = z
  .object({
    actor: optional(
      z
        .string({ error: AUDIT_ACTOR_INVALID })
        .min(HANDLE_MIN_LENGTH, AUDIT_ACTOR_INVALID)
        .max(HANDLE_MAX_LENGTH, AUDIT_ACTOR_INVALID)
        .regex(SLUG, AUDIT_ACTOR_INVALID),
    ),
    action: optional(z.enum(AUDIT_ACTIONS, { error: AUDIT_ACTION_INVALID })),
    target_type: optional(z.enum(AUDIT_TARGET_TYPES, { error: AUDIT_TYPE_INVALID })),
    target_id: optional(
      z
        .string({ error: AUDIT_TARGET_ID_INVALID })
        .max(64, AUDIT_TARGET_ID_INVALID)
        .regex(SLUG, AUDIT_TARGET_ID_INVALID),
    ),
    from: optional(dayField),
    to: optional(dayField),
    page: pageField,
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    message: AUDIT_DATES_REVERSED,
    path: ['to'],
  });
export type AuditListInput = z.output<typeof auditListInput>;
