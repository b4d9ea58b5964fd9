import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.js';

/** At most `points` attempts per `durationSeconds` (a fixed window per key). */
export interface LimitRule {
  points: number;
  durationSeconds: number;
}

/** Every call that sends email or checks a secret, limited per IP and per account/email. */
export const LIMITED_ACTIONS = [
  'register',
  'login',
  'resendVerification',
  'sendOtp',
  'verifyOtp',
  'resetPassword',
  'contact',
] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

export type RateLimits = Record<LimitedAction, { ip: LimitRule; subject?: LimitRule }>;

/** Production limits: generous for people, tight for scripts guessing secrets or sending mail. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  register: { ip: { points: 10, durationSeconds: 3600 } },
  login: {
    ip: { points: 30, durationSeconds: 900 },
    subject: { points: 10, durationSeconds: 900 },
  },
  resendVerification: { ip: { points: 10, durationSeconds: 3600 } },
  sendOtp: {
    ip: { points: 10, durationSeconds: 3600 },
    subject: { points: 5, durationSeconds: 3600 },
  },
  verifyOtp: {
    ip: { points: 30, durationSeconds: 900 },
    subject: { points: 10, durationSeconds: 900 },
  },
  resetPassword: {
    ip: { points: 10, durationSeconds: 900 },
    subject: { points: 5, durationSeconds: 900 },
  },
  contact: { ip: { points: 5, durationSeconds: 600 } },
};

export interface ConsumeResult {
  allowed: boolean;
  /** Seconds until the window of this key ends (at least 1). */
  retryAfterSeconds: number;
}

/** Counts attempts per key; shared by every server process when backed by Redis. */
export interface RateLimiterStore {
  consume(key: string, rule: LimitRule): Promise<ConsumeResult>;
  close(): Promise<void>;
}

/** One process's counters. Expired windows are swept as the map grows. */
export function createMemoryStore(now: () => number = Date.now): RateLimiterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async consume(key, rule) {
      const time = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + rule.durationSeconds * 1000 };
        windows.set(key, window);
      }
      window.count++;
      return {
        allowed: window.count <= rule.points,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
      };
    },
    async close() {
      windows.clear();
    },
  };
}

// Atomic: start the window on the first hit, count, and report the time left.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Counters in Redis under `prefix`, so several server processes share the same limits. */
export function createRedisStore(redis: Redis, prefix = 'recipehub:rl:'): RateLimiterStore {
  return {
    async consume(key, rule) {
      const [count, ttl] = (await redis.eval(
        CONSUME_SCRIPT,
        1,
        `${prefix}${key}`,
        String(rule.durationSeconds * 1000),
      )) as [number, number];
      return {
        allowed: count <= rule.points,
        retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
      };
    },
    async close() {
      await redis.quit();
    },
  };
}

export interface RateLimiter {
  /** Counts one attempt of `action` from `ip` (and for `subject`); throws RATE_LIMITED when over. */
  hit(action: LimitedAction, who: { ip: string; subject?: string }): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  store: RateLimiterStore;
  limits: RateLimits;
  /** A broken Redis must not take logins down: the attempt is let through and logged. */
  onStoreError?: (error: unknown) => void;
}

export function createRateLimiter({
  store,
  limits,
  onStoreError,
}: RateLimiterOptions): RateLimiter {
  return {
    async hit(action, { ip, subject }) {
      const rules = limits[action];
      const checks: [string, LimitRule][] = [[`${action}:ip:${ip}`, rules.ip]];
      if (subject !== undefined && rules.subject) {
        checks.push([`${action}:subject:${subject}`, rules.subject]);
      }
      let retryAfter = 0;
      for (const [key, rule] of checks) {
        try {
          const result = await store.consume(key, rule);
          if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
        } catch (error) {
          onStoreError?.(error);
        }
      }
      if (retryAfter > 0) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many requests. Please try again in ${retryAfter} seconds.`,
          undefined,
          { retryAfterSeconds: retryAfter },
        );
      }
    },
    close: () => store.close(),
  };
}
