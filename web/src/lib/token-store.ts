/**
 * The login token lives in local storage under `token` (spec §3), so every tab shares it.
 * Components read it through `useStoredToken()`, which re-renders on changes made in this tab
 * (our own event) and in other tabs (the browser's `storage` event).
 */
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
const CHANGE_EVENT = 'recipehub:token-change';

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the app then behaves as logged out.
    return null;
  }
}

export function readToken(): string | null {
  return safeStorage()?.getItem(TOKEN_KEY) ?? null;
}

export function storeToken(token: string) {
  safeStorage()?.setItem(TOKEN_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Logout and a 401 both end the session: the token and the cached user go together. */
export function clearSession() {
  const storage = safeStorage();
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/*
 * The token the first render assumes: none (a page rendered for a visitor), except when the page
 * hydrates HTML rendered for a signed-in member (the server's dashboard, lib/dashboard-first-paint.ts,
 * and its build-time prerender): then hydration must see a token, as that render did.
 */
let firstRenderToken: string | null = null;

export function renderFirstAsSignedIn(token: string) {
  firstRenderToken = token;
}

export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, () => firstRenderToken);
}
