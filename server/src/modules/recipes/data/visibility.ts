import type { Viewer } from '../../../auth/viewer.js';

/**
 * Who may read what (issue 30: "hidden, deleted, private and blocked content must be impossible
 * to read through any surface"), in one place every read of recipes, comments and reviews goes
 * through: SQL conditions for the statements and a check for rows already read. Today the rule is
 * the hidden state: a hidden item is read only by its author and Admins. A viewer-dependent
 * condition (blocked members) joins here, in `visibleTo`, and every surface inherits it.
 *
 * The hot lists (newest first, categories, their counts, search) do not filter per row: the
 * database triggers take a hidden recipe out of their structures as a delete would (the
 * hidden_state migrations), so they cost no second statement; their statements still carry
 * `publicRow` so a row hidden between the structure's read and the row's read is left out.
 */

/** A bound SQL condition. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** The columns of the hidden state, on `recipe`, `comment` and `review` alike. */
export const hiddenColumns = (alias: string) =>
  `${alias}.\`hidden_at\` as \`hidden_at\`, ${alias}.\`hidden_reason\` as \`hidden_reason\``;

/** `alias`'s row is visible to everyone (no viewer-dependent rule applies to it). */
export const publicRow = (alias: string) => `${alias}.\`hidden_at\` is null`;

/**
 * What `viewer` may read of the rows of `alias`, whose author is in `ownerColumn`: the visible
 * rows, the viewer's own hidden ones, and everything for an Admin.
 */
export function visibleTo(viewer: Viewer | null, alias: string, ownerColumn: string): SqlCondition {
  if (viewer?.role === 'Admin') return { sql: '1 = 1', params: [] };
  if (viewer === null) return { sql: publicRow(alias), params: [] };
  return {
    sql: `(${publicRow(alias)} or ${alias}.\`${ownerColumn}\` = ?)`,
    params: [viewer.userId],
  };
}

/** The hidden state of a row as read with `hiddenColumns`. */
export interface HiddenState {
  hidden_at?: unknown;
  hidden_reason?: string | null;
}

export const isHidden = (row: HiddenState) => row.hidden_at !== null && row.hidden_at !== undefined;

/** Whether `viewer` may read a row already read (its author `ownerId`; null: a deleted account). */
export function mayRead(viewer: Viewer | null, row: HiddenState, ownerId: number | null): boolean {
  if (!isHidden(row)) return true;
  return (
    viewer !== null && (viewer.role === 'Admin' || (ownerId !== null && viewer.userId === ownerId))
  );
}

/** What the answer says of a hidden item its author or an Admin reads: `{reason}`. */
export const hiddenAnswer = (row: HiddenState): { hidden?: { reason: string } } =>
  isHidden(row) ? { hidden: { reason: row.hidden_reason ?? '' } } : {};
