import { errorData, errorStatus } from './trpc-errors';

/** How long to wait, in words a person reads at a glance ("45 seconds", "12 minutes"). */
function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The message for a rate-limited call (429), with the server's Retry-After; null for any other
 * failure, so callers fall through to their own texts.
 */
export function rateLimitMessage(error: unknown): string | null {
  if (errorStatus(error) !== 429) return null;
  const seconds = errorData(error)?.retryAfterSeconds;
  return seconds && seconds > 0
    ? `Too many attempts. Please try again in ${waitText(seconds)}.`
    : 'Too many attempts. Please try again later.';
}
