import { z } from 'zod';
import { MODERATED_CONTENT_TYPES, MODERATION_ACTIONS } from '../enums.js';
import {
  MODERATION_ACTION_INVALID,
  MODERATION_ID_INVALID,
  MODERATION_REASON_REQUIRED,
  MODERATION_REASON_TOO_LONG,
  MODERATION_TYPE_INVALID,
} from '../messages.js';
import { requiredText } from './fields.js';

/** `POST /api/moderation/actions/`: a content action on a recipe, comment or review, with why. */
export const moderationActionInput = z.object({
  target_type: z.enum(MODERATED_CONTENT_TYPES, { error: MODERATION_TYPE_INVALID }),
  target_id: z
    .number({ error: MODERATION_ID_INVALID })
    .int(MODERATION_ID_INVALID)
    .min(1, MODERATION_ID_INVALID)
    .max(2_147_483_647, MODERATION_ID_INVALID),
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_ACTION_INVALID }),
  reason: requiredText(MODERATION_REASON_REQUIRED, 500, MODERATION_REASON_TOO_LONG),
});
export type ModerationActionInput = z.output<typeof moderationActionInput>;
