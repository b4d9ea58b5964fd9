import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth-context';

/**
 * Who may write on a leftover page. Every member may read the lists; the server takes writes from
 * Admins only, so only an Admin is offered the write controls and anybody else reads a note
 * instead of meeting a refusal. While the profile is still loading neither shows, so an Admin
 * never sees the note flash.
 */
export type LeftoverAccess = 'admin' | 'member' | 'unknown';

export function useLeftoverAccess(): LeftoverAccess {
  const { isAdmin, loadingUser } = useAuth();
  if (isAdmin) return 'admin';
  return loadingUser ? 'unknown' : 'member';
}

/** The note a member reads where an Admin finds the write controls. */
export function AdminWritesNote({
  access,
  children,
}: {
  access: LeftoverAccess;
  children: ReactNode;
}) {
  if (access !== 'member') return null;
  return (
    <p className="leftover-notice" role="note">
      {children}
    </p>
  );
}
