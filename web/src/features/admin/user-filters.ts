import { USER_ROLES } from '@recipehub/openapi/enums';
import { paths } from '../../lib/paths';

/** Pure helpers of the admin users pages (spec §2, §9), kept apart so they are unit-tested. */

/** Everyone, or one of the contract's roles. */
export const ROLE_FILTERS = ['All', ...USER_ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export interface FilterableUser {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** Spec §2: filter by role, and search (case-insensitive) in first name, last name or email. */
export function filterUsers<U extends FilterableUser>(
  users: readonly U[],
  role: RoleFilter,
  search: string,
): U[] {
  const needle = search.trim().toLowerCase();
  return users.filter(
    (user) =>
      (role === 'All' || user.role === role) &&
      (needle === '' ||
        [user.firstName, user.lastName, user.email].some((value) =>
          value.toLowerCase().includes(needle),
        )),
  );
}

/** Spec §9: the admin user page previews instructions in 100 characters. */
export const INSTRUCTIONS_PREVIEW_LENGTH = 100;

/**
 * The first `length` characters, with "…" when something was cut. Counts code points, so an
 * emoji is never split in half.
 */
export function previewText(text: string, length = INSTRUCTIONS_PREVIEW_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}

/** The user page's address: emails can hold characters that are special in a path. */
export function userPageHref(email: string): string {
  return paths.dashboard.user(email);
}
