import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): about 40 ms per check here, slow
 * enough to make guessing expensive, cheap enough for login under load.
 */
const ARGON2_OPTIONS: Options = {
  // `Algorithm` is a const enum, which isolatedModules cannot inline: 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * A real hash with the same parameters of a random password nobody knows. Checking a login for an
 * unknown email against it costs the same time as a real check, so timing does not reveal
 * which emails have accounts.
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Gtu+UXQiJ8DVaeXbccumGQ$SU7CCpNvDgK3QHYGAtj8EL2rDb0tLzV4BxVX5/lU9rw';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * True when `password` matches `passwordHash`. Pass `null` for an unknown user: the check still
 * runs (against the dummy hash) and answers false. A malformed stored hash answers false too.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  try {
    const matches = await verify(passwordHash ?? DUMMY_HASH, password);
    return passwordHash ? matches : false;
  } catch {
    return false;
  }
}
