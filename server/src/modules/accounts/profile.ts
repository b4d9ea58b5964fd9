import { memberAccess, requireAccess } from '../../auth/access.js';
import { mediaStoreError } from '../shared/media-store-error.js';
import { CURRENT_PASSWORD_NEEDED } from '@recipehub/openapi/messages';
import type { EntityManager } from '@mikro-orm/core';
import type { ProfileUpdateInput } from '@recipehub/openapi/schemas/accounts';
import { AppError } from '../../errors/app-error.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import { Profile } from '../users/profile.entity.js';
import { User } from '../users/user.entity.js';
import {
  PROFILE_IMAGE_STORE_MESSAGES,
  removeProfileImage,
  storeProfileImage,
} from './profile-image.js';
import { Session } from '../../auth/session.entity.js';
import { toUserData, type UserData } from './user-data.js';
import { type Viewer } from '../../auth/viewer.js';

export const PROFILE_UPDATED = 'Profile Updated Successfully!';
export const PROFILE_UPDATE_FAILED = 'Profile Update Failed!';

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
  const caller = requireAccess(GET_PROFILE_ACCESS, viewer);
  const found = await loadUserWithProfile(deps.orm.em.fork(), { id: caller.userId });
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  return { status: 'success', data: toUserData(found.user, found.profile) };
}

// Login first, as every call with a body: an anonymous caller learns to log in, not what is
// wrong with the form (JSON or multipart alike).
export const UPDATE_PROFILE_ACCESS = memberAccess();

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
  const caller = requireAccess(UPDATE_PROFILE_ACCESS, viewer);
  const em = deps.orm.em.fork();
  const found = await loadUserWithProfile(em, { id: caller.userId });
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  const { user, profile } = found;

  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.currentPassword) {
      throw new AppError('VALIDATION_FAILED', PROFILE_UPDATE_FAILED, {
        currentPassword: [CURRENT_PASSWORD_NEEDED],
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
  const newImage = image
    ? await storeProfileImage(mediaDir, image).catch((error: unknown) => {
        throw mediaStoreError(error, PROFILE_IMAGE_STORE_MESSAGES, deps.log);
      })
    : undefined;
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
