import { memberAccess, requireAccess } from '../../auth/access.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { Session } from '../../auth/session.entity.js';
import { type Viewer } from '../../auth/viewer.js';

export const LOGOUT_ACCESS = memberAccess();

/** Revokes the caller's own session; the token answers 401 from now on. */
export async function logout(deps: ServiceDeps, viewer: Viewer | null): Promise<void> {
  const caller = requireAccess(LOGOUT_ACCESS, viewer);
  await deps.orm.em
    .fork()
    .nativeUpdate(Session, { id: caller.sessionId, revokedAt: null }, { revokedAt: new Date() });
}
