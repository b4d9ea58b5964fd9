/*
 * The user-facing texts of the input rules: the schemas in schemas/ say them, the server answers
 * them and the web forms show them (spec section 5 word for word where it gives one). zod-free,
 * so a page can show a text without loading the schema library.
 */

/** The message shown above a form when its fields fail validation (spec section 5). */
export const GENERAL_VALIDATION_MESSAGE = 'Please fill in all required fields correctly';

export const NO_CATEGORY = 'Please select at least one category.';
export const BAD_IMAGE_URL = 'Please provide a valid image URL.';
export const BAD_SOURCE_URL = 'Please provide a valid source URL.';
export const BAD_SERVINGS = 'Servings must be a whole number from 1 to 100.';
export const BAD_RATING = 'Please select a rating between 1 and 5 stars.';
export const COMMENT_EMPTY = 'Comment cannot be empty.';
export const PHOTO_NOT_FOUND = 'That photo was not found. Please upload it again.';
export const NEED_URL = 'Please give the link of a recipe page.';
export const INVALID_CODE = 'Invalid or expired code.';
export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to set a new one.';
export const PROFILE_IMAGE_TYPE_ERROR = 'Upload a JPEG, PNG, WebP or GIF image.';
export const PROFILE_IMAGE_TOO_LARGE = 'The image must be at most 5 MB.';

/* Reports (issue 30): what `POST /api/reports/` answers, and the report dialog shows. */
export const REPORT_FAILED = 'The report could not be sent.';
export const REPORT_TYPE_INVALID =
  'Choose what you are reporting: a recipe, comment, review or member.';
export const REPORT_REASON_INVALID =
  'Choose a reason: spam, offensive, harassment, unsafe, copyright or other.';
export const REPORT_ID_INVALID = 'Give the id of the item you are reporting.';
export const REPORT_HANDLE_INVALID = 'Give the handle of the member you are reporting.';
export const REPORT_DETAILS_TOO_LONG = 'Details must be at most 1000 characters.';
export const REPORT_SENT = 'Thank you. A moderator will review your report.';
export const REPORT_RATE_LIMITED =
  'You have sent 10 reports in the last hour. Please try again later.';
export const REPORT_DUPLICATE =
  'You have already reported this, and your report is waiting for a moderator.';

/** "No recipe found." and the like: the item to report does not exist (or is not visible). */
export const REPORT_NOT_FOUND = {
  recipe: 'No recipe found.',
  comment: 'No comment found.',
  review: 'No review found.',
  user: 'No member has this handle.',
} as const;

/** Reporting oneself or one's own content. */
export const REPORT_OWN = {
  recipe: 'You cannot report your own recipe.',
  comment: 'You cannot report your own comment.',
  review: 'You cannot report your own review.',
  user: 'You cannot report yourself.',
} as const;

/* Moderation (issue 30): `POST /api/moderation/actions/`. */
export const MODERATION_FAILED = 'The moderation action could not be taken.';
export const MODERATION_TYPE_INVALID = 'Choose what to act on: a recipe, comment or review.';
export const MODERATION_ACTION_INVALID = 'Choose an action: hide, restore, delete or dismiss.';
export const MODERATION_ID_INVALID = 'Give the id of the item to act on.';
export const MODERATION_REASON_REQUIRED = 'Give a reason for this action.';
export const MODERATION_REASON_TOO_LONG = 'The reason must be at most 500 characters.';
export const MODERATION_FORBIDDEN = 'Only Admins can moderate content.';
/** The reason an item hidden by reports shows (issue 30, item 3). */
export const AUTO_HIDDEN_REASON = 'Hidden automatically after 3 reports, pending review.';
/** The audit log (issue 30 item 6). */
export const AUDIT_REASON_TOO_LONG = 'Reason must be at most 1000 characters.';
export const AUDIT_ACTION_INVALID =
  'Action must be role_change, recipe_delete, hide, restore, delete, dismiss, suspend, unsuspend or trust.';
export const AUDIT_TYPE_INVALID = 'Target type must be recipe, comment, review or user.';
export const AUDIT_ACTOR_INVALID = 'Actor must be a member’s handle.';
export const AUDIT_TARGET_ID_INVALID = 'Target id must be an id or a member’s handle.';
export const AUDIT_DATE_INVALID = 'Dates must be written as YYYY-MM-DD.';
export const AUDIT_DATES_REVERSED = 'The end date must not be before the start date.';
/* Blocks (issue 30 item 7): a member's own controls. */
export const BLOCK_SELF = 'You cannot block yourself.';
export const BLOCK_HANDLE_INVALID = 'Give the handle of a member.';
export const BLOCK_NOT_FOUND = 'No member has this handle.';
/** A blocked member's write on the blocker's recipe: says no more than that it is refused. */
export const BLOCKED_BY_AUTHOR = 'You cannot comment on, react to or review this recipe.';
