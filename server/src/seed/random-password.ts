import { randomBytes } from 'node:crypto';

/** 18 random bytes as 24 base64url characters: a password for a seeded account, per installation. */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
