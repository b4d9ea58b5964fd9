import { memberAccess } from '../shared/access.js';
import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { TEXT_PATTERNS } from '../shared/text-characters.js';
import { atMost } from '../shared/text-length.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceDeps } from '../service-deps.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import { PROFILE_SEXES, Profile } from '../users/profile.entity.js';
import { User } from '../users/user.entity.js';
import { mobileField, newPasswordField, requiredText, text } from './account-schemas.js';
import { removeProfileImage, storeProfileImage } from './profile-image.js';
import { Session } from './session.entity.js';
import { toUserData, type UserData } from './user-data.js';
import { requireViewer, type Viewer } from './viewer.js';

export const PROFILE_UPDATED = 'Profile Updated Successfully!';
export const PROFILE_UPDATE_FAILED = 'Profile Update Failed!';

/**
 * An http(s) link, or '' to clear it. Not trimmed: a value of spaces only was trimmed to '' and
 * cleared the link, though the contract (HttpUrl, or an empty form value) refuses it; a value
 * with spaces is refused like any other non-link, with the field's own message (the web form
 * trims and sends null for a blank field).
 */
const httpUrl = (label: string) =>
  text(label, 'single', `${label} must be a link starting with http:// or https://.`)
    .refine(atMost(2048), `${label} must be at most 2048 characters.`)
    // A value with line breaks or control characters has the text check's error alone.
    .refine((value) => value === '' || !TEXT_PATTERNS.single.test(value) || isHttpUrl(value), {
      error: `${label} must be a link starting with http:// or https://.`,
    })
    .nullable();

function isHttpUrl(value: string): boolean {
  // WHATWG URL parsing accepts spaces and other characters an RFC 3986 URI (the contract's
  // `format: uri`) may not hold; such a value would be stored and answered as it came.
  if (/[\s\p{Cc}<>"{}|\\^`]/u.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const profileFieldsInput = z.object({
  age: z
    .number({ error: 'Age must be a whole number.' })
    .int('Age must be a whole number.')
    .min(0, 'Age must be between 0 and 150.')
    .max(150, 'Age must be between 0 and 150.')
    .nullable()
    .optional(),
  portfolio: httpUrl('Portfolio').optional(),
  sex: z.enum(PROFILE_SEXES, { error: 'Sex must be Male, Female, Other or empty.' }).optional(),
  bio: text('Bio', 'multiple')
    .refine(atMost(1000), 'Bio must be at most 1000 characters.')
    .optional(),
  facebook: httpUrl('Facebook').optional(),
});

/**
 * The caller's own update. `email` and `role` are accepted and ignored (the contract marks them
 * read-only): the web form sends the whole user back, and neither may change here.
 */
export const profileUpdateInput = z.object({
  email: z.unknown().optional(),
  role: z.unknown().optional(),
  firstName: requiredText(
    'First Name is required',
    100,
    'First Name must be at most 100 characters.',
  ).optional(),
  lastName: requiredText(
    'Last Name is required',
    100,
    'Last Name must be at most 100 characters.',
  ).optional(),
  mobile: mobileField.optional(),
  // Empty keeps the old password; anything else follows the new-password rules.
  password: z
    .string({ error: 'Password must be text.' })
    .superRefine((value, context) => {
      if (value === '') return;
      const result = newPasswordField.safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
    })
    .optional(),
  currentPassword: z
    .string({ error: 'Current password must be text.' })
    .refine(atMost(128), 'Current password must be at most 128 characters.')
    .optional(),
  profile: profileFieldsInput.optional(),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;

/** Loads a user and their profile (creating the empty profile if a legacy row lacks one). */
export async function loadUserWithProfile(
  em: EntityManager,
  where: { id: number } | { email: string },
): Promise<{ user: User; profile: Profile } | null> {
  const user = await em.findOne(User, where);
  if (!user) return null;
  let profile = await em.findOne(Profile, { user });
  if (!profile) {
    profile = em.create(Profile, { user, image: null, age: null });
    await em.flush();
  }
  return { user, profile };
}

export const GET_PROFILE_ACCESS = memberAccess();

export async function getOwnProfile(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<{ status: 'success'; data: UserData }> {
  const caller = requireViewer(viewer);
  const found = await loadUserWithProfile(deps.orm.em.fork(), { id: caller.userId });
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  return { status: 'success', data: toUserData(found.user, found.profile) };
}

export const UPDATE_PROFILE_ACCESS = memberAccess(['input', 'login']);

/**
 * Updates the caller's names, mobile, password, profile fields and picture (`image`: the uploaded
 * bytes, checked and re-encoded by profile-image.ts). A new password needs the current one and
 * signs out the user's other sessions. Email and role never change here.
 */
export async function updateOwnProfile(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: ProfileUpdateInput,
  image?: Buffer,
): Promise<{ status: 'success'; message: string; data: UserData }> {
  const caller = requireViewer(viewer);
  const em = deps.orm.em.fork();
  const found = await loadUserWithProfile(em, { id: caller.userId });
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  const { user, profile } = found;

  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.currentPassword) {
      throw new AppError('VALIDATION_FAILED', PROFILE_UPDATE_FAILED, {
        currentPassword: ['Enter your current password to set a new one.'],
      });
    }
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('VALIDATION_FAILED', PROFILE_UPDATE_FAILED, {
        currentPassword: ['Current password is incorrect.'],
      });
    }
    passwordHash = await hashPassword(input.password);
  }

  const mediaDir = deps.config.mediaDir;
  const newImage = image ? await storeProfileImage(mediaDir, image) : undefined;
  const oldImage = profile.image;
  try {
    await em.transactional(async (tx) => {
      if (input.firstName !== undefined) user.firstName = input.firstName;
      if (input.lastName !== undefined) user.lastName = input.lastName;
      if (input.mobile !== undefined) user.mobile = input.mobile;
      if (passwordHash) user.passwordHash = passwordHash;
      const fields = input.profile ?? {};
      if (fields.age !== undefined) profile.age = fields.age;
      if (fields.portfolio !== undefined) profile.portfolio = fields.portfolio ?? '';
      if (fields.sex !== undefined) profile.sex = fields.sex;
      if (fields.bio !== undefined) profile.bio = fields.bio;
      if (fields.facebook !== undefined) profile.facebook = fields.facebook ?? '';
      if (newImage !== undefined) profile.image = newImage;
      tx.persist([user, profile]);
      await tx.flush();
      if (passwordHash) {
        // Keep the caller signed in, sign out everyone else holding an old token.
        await tx.nativeUpdate(
          Session,
          { user: user.id, id: { $ne: caller.sessionId }, revokedAt: null },
          { revokedAt: new Date() },
        );
      }
    });
  } catch (error) {
    // The new file is stored before the transaction and only named in it: if the database refused
    // the change, the file is unused and goes, and the old picture stays.
    if (newImage) {
      await removeProfileImage(mediaDir, newImage).catch((cleanupError: unknown) =>
        deps.log.warn({ err: cleanupError }, 'could not remove an unused profile picture'),
      );
    }
    throw error;
  }
  if (newImage && oldImage) {
    // Committed: the answer is a success even if the old file cannot be deleted now.
    await removeProfileImage(mediaDir, oldImage).catch((cleanupError: unknown) =>
      deps.log.warn({ err: cleanupError }, 'could not remove a replaced profile picture'),
    );
  }
  return { status: 'success', message: PROFILE_UPDATED, data: toUserData(user, profile) };
}
