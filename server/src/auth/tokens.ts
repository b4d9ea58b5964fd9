import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the bearer tokens and verification links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database hands out no live token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const LOGIN_SESSION_DAYS = 30;
export const RESET_SESSION_MINUTES = 15;
export const VERIFICATION_LINK_DAYS = 3;

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
