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
