import {
  DeadlockException,
  LockWaitTimeoutException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';

/** Errors a concurrent write by another request can cause, after which the write may run again. */
export function isWriteConflict(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException ||
    error instanceof DeadlockException ||
    error instanceof LockWaitTimeoutException
  );
}

/**
 * Runs a write transaction again when a concurrent request by the same user won the race to a
 * unique row (user, recipe), or MySQL chose it as a deadlock victim (concurrent inserts under the
 * same unique key plus the counter update on `recipe`): the retry reads what the other request
 * committed and decides from there, so concurrent toggles neither duplicate nor fail.
 */
export async function retryOnConflict<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isWriteConflict(error) || attempt >= attempts) throw error;
    }
  }
}
