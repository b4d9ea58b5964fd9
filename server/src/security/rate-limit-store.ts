/** At most `points` counted attempts per `durationSeconds` (a fixed window per key). */
export interface LimitRule {
  points: number;
  durationSeconds: number;
}

export interface ConsumeResult {
  allowed: boolean;
  /** Attempts counted in this key's window, this one included. */
  count: number;
  /** Seconds until the window of this key ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts attempts per key in fixed windows; shared by every server process when backed by Redis
 * (redis-rate-limit-store.ts), one process's own otherwise (memory-rate-limit-store.ts).
 */
export interface RateLimiterStore {
  /**
   * Counts one attempt against `key`. With `group`, the key is also remembered under that name,
   * so `clear` can forget every key of a group without knowing them (a password reset forgets an
   * account's counts from every address).
   */
  consume(key: string, rule: LimitRule, group?: string): Promise<ConsumeResult>;
  /** Takes back one attempt counted in the key's current window; never below zero. */
  refund(key: string): Promise<void>;
  /** Forgets `keys` and every key consumed under one of `groups`. */
  clear(keys: readonly string[], groups?: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
