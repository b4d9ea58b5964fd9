/**
 * Spec §3: during a password reset the email and the token returned by the code check are kept in
 * local storage, so the three steps survive a reload. The reset token is not a login token: it
 * lives under its own key and only the reset-password call sends it.
 */
export const RESET_EMAIL_KEY = 'resetEmail';
export const RESET_TOKEN_KEY = 'resetToken';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const readResetEmail = () => storage()?.getItem(RESET_EMAIL_KEY) ?? null;
export const readResetToken = () => storage()?.getItem(RESET_TOKEN_KEY) ?? null;

export function storeResetEmail(email: string) {
  storage()?.setItem(RESET_EMAIL_KEY, email);
  // A new email starts the flow again: an older code's token belongs to the old attempt.
  storage()?.removeItem(RESET_TOKEN_KEY);
}

export function storeResetToken(token: string) {
  storage()?.setItem(RESET_TOKEN_KEY, token);
}

export function clearReset() {
  storage()?.removeItem(RESET_EMAIL_KEY);
  storage()?.removeItem(RESET_TOKEN_KEY);
}
