import { adminAccess, requireAccess } from '../../auth/access.js';
import type { RoleUpdateInput } from '@recipehub/openapi/schemas/accounts';
import { AppError } from '../../errors/app-error.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { Profile } from '../users/profile.entity.js';
import { User } from '../users/user.entity.js';
import { loadUserWithProfile } from './profile.js';
import { toUserData, type UserData } from './user-data.js';
import { type Viewer } from '../../auth/viewer.js';
import { recordAudit } from '../audit/record-audit.js';

export const USER_NOT_FOUND = 'User not found.';
export const ROLE_UPDATED = 'Role updated successfully!';
export const LAST_ADMIN = 'The last Admin cannot be demoted.';

export const LIST_USERS_ACCESS = adminAccess();

/** Every user with their profile, oldest account first (Admin only). */
export async function listUsers(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<{ status: 'success'; data: UserData[] }> {
  requireAccess(LIST_USERS_ACCESS, viewer);
  const em = deps.orm.em.fork();
  const users = await em.find(User, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const profiles = await em.find(Profile, { user: { $in: users.map((u) => u.id) } });
  const byUser = new Map(profiles.map((profile) => [profile.user.id, profile]));
  return {
    status: 'success',
    data: users.map((user) => toUserData(user, byUser.get(user.id) ?? null)),
  };
}

export const GET_USER_ACCESS = adminAccess(['input', 'login', 'role']);

/** One user's record and profile, looked up by email case-insensitively (Admin only). */
export async function getUser(
  deps: ServiceDeps,
  viewer: Viewer | null,
  email: string,
): Promise<{ status: 'success'; data: UserData }> {
  requireAccess(GET_USER_ACCESS, viewer);
  const found = await loadUserWithProfile(deps.orm.em.fork(), { email });
  if (!found) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return { status: 'success', data: toUserData(found.user, found.profile) };
}

// A call with a body asks for a login before reading it (the path's email included); a member
// still learns what is wrong with the body before the 403.
export const UPDATE_USER_ROLE_ACCESS = adminAccess();

/**
 * Changes a user's role (Admin only). The role is read from the database on every request, so the
 * change applies to that user's next call. The same role is refused, and so is demoting the last
 * Admin (counted inside the transaction). The change and its audit entry (before and after role,
 * the optional reason) commit together.
 */
export async function updateUserRole(
  deps: ServiceDeps,
  viewer: Viewer | null,
  email: string,
  input: RoleUpdateInput,
): Promise<{ status: 'success'; message: string; data: UserData }> {
  const admin = requireAccess(UPDATE_USER_ROLE_ACCESS, viewer);
  const em = deps.orm.em.fork();
  return em.transactional(async (tx) => {
    const found = await loadUserWithProfile(tx, { email });
    if (!found) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    const { user, profile } = found;
    if (user.role === input.role) {
      const message = `User is already a ${input.role}`;
      throw new AppError('VALIDATION_FAILED', message, { role: [message] });
    }
    if (user.role === 'Admin' && (await tx.count(User, { role: 'Admin' })) <= 1) {
      throw new AppError('CONFLICT', LAST_ADMIN);
    }
    const before = user.role;
    user.role = input.role;
    await tx.flush();
    const actor = await tx.findOneOrFail(User, admin.userId);
    await recordAudit(tx, {
      actor: { id: actor.id, handle: actor.handle },
      action: 'role_change',
      target: { type: 'user', id: user.handle },
      before: { role: before },
      after: { role: user.role },
      reason: input.reason ?? null,
    });
    return { status: 'success' as const, message: ROLE_UPDATED, data: toUserData(user, profile) };
  });
}
