import type { RouterOutputs } from './router-types';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { notify } from './notify';
import { trpc } from './trpc';
import { clearSession, storeToken, USER_KEY, useStoredToken } from './token-store';

export type CurrentUser = RouterOutputs['accounts']['profile']['data'];

interface AuthState {
  token: string | null;
  /** The profile of the logged-in user; null while loading, logged out, or when it failed. */
  user: CurrentUser | null;
  /** True while a stored token's profile is being fetched. */
  loadingUser: boolean;
  isAdmin: boolean;
  /** Stores a new login (or password-reset) token; the profile is fetched because it changed. */
  signIn(token: string): void;
  /** Forgets the session on this browser (the server side is revoked by /logout). */
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Spec §4: a stored token triggers a profile fetch on load and whenever it changes (other tabs
 * too); a failure shows "Failed to fetch user data!" and clears the user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useStoredToken();
  const utils = trpc.useUtils();
  const profile = trpc.accounts.profile.useQuery(undefined, {
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    // A new token (login elsewhere, logout, 401) makes every cached answer stale: they depend on
    // who is asking (is_saved_by_user, can_edit, ...).
    void utils.invalidate();
  }, [token, utils]);

  const failed =
    profile.isError || (profile.data !== undefined && profile.data.status !== 'success');
  useEffect(() => {
    if (!failed || token === null) return;
    notify.error('Failed to fetch user data!');
    localStorage.removeItem(USER_KEY);
  }, [failed, token]);

  const user = token !== null && !failed ? (profile.data?.data ?? null) : null;
  useEffect(() => {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  }, [user]);

  const signIn = useCallback((newToken: string) => storeToken(newToken), []);
  const signOut = useCallback(() => {
    clearSession();
    utils.accounts.profile.reset();
  }, [utils]);

  const value = useMemo<AuthState>(
    () => ({
      token,
      user,
      loadingUser: token !== null && profile.isPending,
      isAdmin: user?.role === 'Admin',
      signIn,
      signOut,
    }),
    [token, user, profile.isPending, signIn, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs <AuthProvider> above it');
  return state;
}
