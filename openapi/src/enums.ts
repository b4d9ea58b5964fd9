/*
 * The closed lists the contract names (openapi/recipehub.openapi.yaml's enums), as the server's
 * entities store them and the web's pickers offer them. No zod here: the home page imports this
 * folder's constants without loading the schema library.
 */

export const USER_ROLES = ['Admin', 'Chef', 'User'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** '' is "not said"; the profile form offers the other three. */
export const PROFILE_SEXES = ['', 'Male', 'Female', 'Other'] as const;
export type ProfileSex = (typeof PROFILE_SEXES)[number];

export const REACTION_TYPES = ['LIKE', 'LOVE', 'WOW', 'SAD'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

/** What a member may report (issue 30); a `user` target is named by its handle. */
export const REPORT_TARGET_TYPES = ['recipe', 'comment', 'review', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why; `unsafe` is dangerous food advice. */
export const REPORT_REASONS = [
  'spam',
  'offensive',
  'harassment',
  'unsafe',
  'copyright',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What an Admin does with a reported item (issue 30); the member actions join later. */
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The items a content action applies to. */
export const MODERATED_CONTENT_TYPES = ['recipe', 'comment', 'review'] as const;
export type ModeratedContentType = (typeof MODERATED_CONTENT_TYPES)[number];
/**
 * What the audit log records (issue 30 item 6): an Admin's role change, an Admin's deletion of
 * someone else's recipe, and the moderation queue's actions.
 */
export const AUDIT_ACTIONS = [
  'role_change',
  'recipe_delete',
  'hide',
  'restore',
  'delete',
  'dismiss',
  'suspend',
  'unsuspend',
  'trust',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about: the reportable items (a `user` is named by its handle). */
export const AUDIT_TARGET_TYPES = REPORT_TARGET_TYPES;
export type AuditTargetType = ReportTargetType;
