import type { UserRole } from '@recipehub/openapi/enums';
import { AppError, UNAUTHENTICATED_DETAIL } from '../errors/app-error.js';
import type { SessionKind } from './session.entity.js';

/** The authenticated caller, read from the database on every request (role changes apply at once). */
export interface Viewer {
  userId: number;
  email: string;
  role: UserRole;
  /**
   * False when the caller blocked no one as the session was read: the reads then skip looking up
   * whom they block. Unknown (absent) means look.
   */
  blocksSomeone?: boolean;
  sessionId: number;
  sessionKind: SessionKind;
}

export const ACCOUNT_FORBIDDEN_DETAIL = 'You do not have permission to perform this action.';

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_DETAIL);
  return viewer;
}

export function requireAdmin(viewer: Viewer | null, detail = ACCOUNT_FORBIDDEN_DETAIL): Viewer {
  const known = requireViewer(viewer);
  if (known.role !== 'Admin') throw new AppError('FORBIDDEN', detail);
  return known;
}
