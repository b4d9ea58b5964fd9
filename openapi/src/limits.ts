/*
 * Numbers the contract fixes and both sides count with (zod-free, like enums.ts).
 */

/** Recipes per page of every paged recipe list (the spec's page size). */
export const RECIPES_PER_PAGE = 10;

/** Pages a list of `count` recipes fills; an empty list still has its first page. */
export const recipePageCount = (count: number) => Math.max(1, Math.ceil(count / RECIPES_PER_PAGE));

/** Spec section 5: "Password must be at least 8 characters". */
export const MIN_PASSWORD_LENGTH = 8;

/** A recipe's servings, when it says (issue 16). */
export const SERVINGS_RANGE = { min: 1, max: 100 } as const;

/** A profile picture's largest size. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

/** The picture types a profile accepts (the server reads the file's bytes, the form its type). */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** A member's public handle: lowercase a-z, 0-9 and single inner hyphens (issue 30). */
export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;

/** A report's details, in characters (code points). */
export const MAX_REPORT_DETAILS = 1000;

/** The audit log's reasons, in characters (code points), and its entries per page (issue 30). */
export const MAX_AUDIT_REASON = 1000;
export const AUDIT_PAGE_SIZE = 20;
