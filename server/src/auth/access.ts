import { ACCOUNT_FORBIDDEN_DETAIL, requireAdmin, requireViewer } from './viewer.js';
import type { Viewer } from './viewer.js';

/** One check a call passes before its use case runs: 401 (login), 400 (input) or 403 (role). */
export type AccessStep = 'login' | 'input' | 'role';

/**
 * Who may call a use case, declared once beside it and read by both faces (`admit` on REST,
 * `accessProcedure` on tRPC), so the two cannot answer the same call with different errors.
 * `order` is the order of the checks: an anonymous caller sending a bad body learns either that
 * it must log in (login first) or what is wrong with the body (input first). The orders are the
 * REST façade's, which the contract tests pin (e.g. `GET /api/recipes/by-user/{email}/` reads its
 * email before asking who calls; the leftover customer writes ask for an Admin before reading
 * the body).
 */
export type Who = 'public' | 'member' | 'admin';

export interface Access<W extends Who = Who> {
  who: W;
  /** What an Admin-only call answers a member (403). */
  forbidden: string;
  order: readonly AccessStep[];
}

/** Anyone, logged in or not; a use case may still ask for a login for some inputs. */
export const PUBLIC_ACCESS: Access<'public'> = { who: 'public', forbidden: '', order: ['input'] };

/** A logged-in member; by default 401 comes before the body is read. */
export function memberAccess(order: readonly AccessStep[] = ['login', 'input']): Access<'member'> {
  return checked({ who: 'member', forbidden: '', order });
}

/** An Admin; by default 401, then 400, then 403 (a member learns what is wrong with the body). */
export function adminAccess(
  order: readonly AccessStep[] = ['login', 'input', 'role'],
  forbidden = ACCOUNT_FORBIDDEN_DETAIL,
): Access<'admin'> {
  return checked({ who: 'admin', forbidden, order });
}

/** A declaration that forgets a check (or repeats one) fails at boot, not on some call. */
function checked<W extends Who>(access: Access<W>): Access<W> {
  const expected: AccessStep[] =
    access.who === 'admin' ? ['input', 'login', 'role'] : ['input', 'login'];
  const steps = [...access.order].sort();
  if (steps.join() !== expected.sort().join()) {
    throw new Error(`An ${access.who} access needs each of ${expected.join(', ')} once`);
  }
  return access;
}

/** Runs one check of the declaration (input aside); throws the AppError it fails with. */
export function checkStep(
  access: Access,
  step: Exclude<AccessStep, 'input'>,
  viewer: Viewer | null,
) {
  if (step === 'login' && access.who !== 'public') requireViewer(viewer);
  if (step === 'role' && access.who === 'admin') requireAdmin(viewer, access.forbidden);
}

/**
 * Every check but the input's: what a use case runs itself, so a direct caller is held too. It
 * answers the caller, known to be logged in when the declaration asks for a member or an Admin,
 * so a use case reads its viewer from its declaration instead of checking the login again.
 */
export function requireAccess(access: Access<'member' | 'admin'>, viewer: Viewer | null): Viewer;
export function requireAccess(access: Access, viewer: Viewer | null): Viewer | null;
export function requireAccess(access: Access, viewer: Viewer | null): Viewer | null {
  for (const step of access.order) if (step !== 'input') checkStep(access, step, viewer);
  return access.who === 'public' ? viewer : requireViewer(viewer);
}

/**
 * The REST face's gate: runs the declaration's checks in order, reading the input (with the
 * use case's schema) at its place, and answers the parsed input.
 */
export function admit<T>(access: Access, viewer: Viewer | null, readInput: () => T): T {
  let input: { value: T } | undefined;
  for (const step of access.order) {
    if (step === 'input') input = { value: readInput() };
    else checkStep(access, step, viewer);
  }
  return (input ?? { value: readInput() }).value;
}

/**
 * `admit` for input that is read asynchronously (a multipart form): the checks declared before
 * the input run before a byte of it is read, so an anonymous form is answered 401 as a JSON body
 * is, whatever its fields.
 */
export async function admitAsync<T>(
  access: Access,
  viewer: Viewer | null,
  readInput: () => Promise<T>,
): Promise<T> {
  let input: { value: T } | undefined;
  for (const step of access.order) {
    if (step === 'input') input = { value: await readInput() };
    else checkStep(access, step, viewer);
  }
  return (input ?? { value: await readInput() }).value;
}
