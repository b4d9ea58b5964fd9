import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../errors/app-error.js';
import type { LimitRule, RateLimiterStore } from './rate-limit-store.js';

/**
 * Every call that sends email or checks a secret, limited per IP and per account/email, and the
 * recipe import, which fetches pages from elsewhere (per member).
 */
export const LIMITED_ACTIONS = [
  'register',
  'login',
  'resendVerification',
  'sendOtp',
  'verifyOtp',
  'resetPassword',
  'contact',
  'recipeImport',
  'recipePhotoUpload',
] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

/**
 * What an attempt is counted against: the client's IP, the account or email it is about
 * (`subject`), that account from that IP (`subjectAndIp`), or a trusted device (login's device
 * token, see modules/accounts/device-tokens.ts).
 */
export const LIMIT_SCOPES = ['ip', 'subject', 'subjectAndIp', 'device'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

export type RateLimits = Record<LimitedAction, Partial<Record<LimitScope, LimitRule>>>;

/** Production limits: generous for people, tight for scripts guessing secrets or sending mail. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  register: { ip: { points: 10, durationSeconds: 3600 } },
  // OWASP's device-cookie design: a client that signed in to the account before (a valid device
  // token) is counted against that device only, so a stranger's guesses never lock the owner out;
  // everyone else per IP, per account from that IP, and per account over all untrusted clients.
  login: {
    ip: { points: 30, durationSeconds: 900 },
    subjectAndIp: { points: 5, durationSeconds: 900 },
    subject: { points: 10, durationSeconds: 900 },
    device: { points: 20, durationSeconds: 900 },
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
  // Each import makes the server fetch a page from elsewhere: a member may import 20 recipes in
  // 10 minutes, plenty for a person and a cap on using the server to fetch pages in bulk.
  recipeImport: { subject: { points: 20, durationSeconds: 600 } },
  // Each upload costs about a second of encoding on every core (six AVIF/WebP sizes): 30 photos in
  // 10 minutes is more than a person adding recipes needs, and caps one member's share.
  recipePhotoUpload: { subject: { points: 30, durationSeconds: 600 } },
};

/**
 * After `afterFailures` failures of one subject within `windowSeconds`, each further failure is
 * answered `stepMs` later than the one before, up to `maxMs`. The wait is a timer, not work: it
 * holds the caller's answer, never the event loop, and the limits cap how many can wait at once.
 */
export interface FailureSlowdown {
  afterFailures: number;
  stepMs: number;
  maxMs: number;
  windowSeconds: number;
}

export type FailureSlowdowns = Partial<Record<LimitedAction, FailureSlowdown>>;

/** Login failures from untrusted clients slow down further guesses at that account. */
export const DEFAULT_FAILURE_SLOWDOWNS: FailureSlowdowns = {
  login: { afterFailures: 3, stepMs: 250, maxMs: 3000, windowSeconds: 900 },
};

export function slowdownDelayMs(failures: number, rule: FailureSlowdown): number {
  return Math.min(rule.maxMs, Math.max(0, failures - rule.afterFailures) * rule.stepMs);
}

export interface RateLimiter {
  /**
   * Counts one attempt of `action` against each scope given (and limited for that action);
   * throws RATE_LIMITED when any of them is over its limit.
   */
  hit(action: LimitedAction, who: Partial<Record<LimitScope, string>>): Promise<void>;
  /** Records a failure of `action` for `subject` and waits out the slowdown it has earned. */
  slowDownAfterFailure(action: LimitedAction, subject: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  store: RateLimiterStore;
  limits: RateLimits;
  /** Defaults to none. */
  slowdowns?: FailureSlowdowns;
  /** A broken Redis must not take logins down: the attempt is let through and logged. */
  onStoreError?: (error: unknown) => void;
}

export function createRateLimiter({
  store,
  limits,
  slowdowns = {},
  onStoreError,
}: RateLimiterOptions): RateLimiter {
  return {
    async hit(action, who) {
      const rules = limits[action];
      const checks: [string, LimitRule][] = [];
      for (const scope of LIMIT_SCOPES) {
        const value = who[scope];
        const rule = rules[scope];
        if (value !== undefined && rule) checks.push([`${action}:${scope}:${value}`, rule]);
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
    async slowDownAfterFailure(action, subject) {
      const rule = slowdowns[action];
      if (!rule) return;
      let failures: number;
      try {
        const counted = await store.consume(`${action}:failures:${subject}`, {
          points: Number.MAX_SAFE_INTEGER,
          durationSeconds: rule.windowSeconds,
        });
        failures = counted.count;
      } catch (error) {
        onStoreError?.(error);
        return;
      }
      const delay = slowdownDelayMs(failures, rule);
      if (delay > 0) await sleep(delay);
    },
    close: () => store.close(),
  };
}
