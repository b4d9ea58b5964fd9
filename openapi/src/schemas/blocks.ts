import { z } from 'zod';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '../limits.js';
import { BLOCK_HANDLE_INVALID } from '../messages.js';
import { pageField } from './recipes.js';

/** The contract's `Handle`: 3-30 of a-z, 0-9 and inner single hyphens. */
const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `PUT`/`DELETE /api/accounts/blocks/{handle}/`: the member to block or unblock. */
export const blockInput = z.object({
  handle: z
    .string({ error: BLOCK_HANDLE_INVALID })
    .min(HANDLE_MIN_LENGTH, BLOCK_HANDLE_INVALID)
    .max(HANDLE_MAX_LENGTH, BLOCK_HANDLE_INVALID)
    .regex(HANDLE_PATTERN, BLOCK_HANDLE_INVALID),
});
export type BlockInput = z.output<typeof blockInput>;

/** `GET /api/accounts/blocks/?page=`. */
export const blockListInput = z.object({ page: pageField });
export type BlockListInput = z.output<typeof blockListInput>;
