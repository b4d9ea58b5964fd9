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
  'report',
] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

/**
 * What an attempt is counted against: the client's IP, the account or email it is about
 * (`subject`), that account from that IP (`subjectAndIp`), or a trusted device (login's device
 * token, see auth/device-tokens.ts).
 */
export const LIMIT_SCOPES = ['ip', 'subject', 'subjectAndIp', 'device'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

export type RateLimits = Record<LimitedAction, Partial<Record<LimitScope, LimitRule>>>;

/** Production limits: generous for people, tight for scripts guessing secrets or sending mail. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  register: { ip: { points: 10, durationSeconds: 3600 } },
  // Failures only (limitFailures): a member may sign in as often as they like. OWASP's
  // device-cookie design: a client that signed in to the account before (a valid device token) is
  // counted against that device only, so a stranger's guesses never lock the owner out; everyone
  // else per IP, per account from that IP, and per account over all untrusted clients. Per IP
  // 300 failures (20 a minute) because a school, an office or a mobile carrier's shared address
  // (carrier-grade NAT) can have many members behind it, each mistyping now and then; a guesser
  // at one address still gets at most 300 guesses per 15 minutes over all accounts, 5 at any one
  // (10 at one account over all addresses).
  login: {
    ip: { points: 300, durationSeconds: 900 },
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
  // Issue 30: 10 reports per member per hour, counted per member (never per IP, so no one can
  // spend another member's allowance from a shared address).
  report: { subject: { points: 10, durationSeconds: 3600 } },
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
  /**
   * Runs `check` (a secret check: a result means it passed, undefined that it failed) as one
   * attempt of `action` that counts against each scope's limit only if it fails; throws
   * RATE_LIMITED, without running `check`, when a scope is already at its limit. A pass also
   * clears the counts bound to this client and account (`subjectAndIp`, `device`): whoever passed
   * knows the secret. The counts per account and per IP stay, so neither the owner signing in
   * forgives a stranger's guesses at the account nor a guesser signing in to an account of their
   * own forgives their guesses from that address.
   *
   * A parallel burst stays bounded: the attempt is counted before `check` runs (a pending
   * failure), so at most a limit's points can be pending or failed in a window however many
   * guesses arrive at once while argon2 runs; a pass, an error in `check` or a refusal gives the
   * point back. The price: attempts beyond a limit that are in flight at the same moment are
   * refused even if they would pass (a sixth simultaneous sign-in of one account from one address).
   */
  limitFailures<T>(
    action: LimitedAction,
    who: Partial<Record<LimitScope, string>>,
    check: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
  /**
   * Forgets the failures of `action` counted for `subject`: per account, per account and IP from
   * every address, and the slowdown's (a password reset proved the owner).
   */
  forgetFailures(action: LimitedAction, subject: string): Promise<void>;
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

interface Check {
  scope: LimitScope;
  key: string;
  rule: LimitRule;
  /** subjectAndIp keys are grouped by their subject, so forgetFailures finds every address. */
  group: string | undefined;
}

/** Scopes whose count a passed check clears, since they name this client and the account. */
const CLEARED_BY_A_PASS: readonly LimitScope[] = ['subjectAndIp', 'device'];

const addressesOf = (action: LimitedAction, subject: string) =>
  `${action}:subjectAndIp-of:${subject}`;
const slowdownKey = (action: LimitedAction, subject: string) => `${action}:failures:${subject}`;

function checksFor(
  limits: RateLimits,
  action: LimitedAction,
  who: Partial<Record<LimitScope, string>>,
): Check[] {
  const checks: Check[] = [];
  for (const scope of LIMIT_SCOPES) {
    const value = who[scope];
    const rule = limits[action][scope];
    if (value === undefined || !rule) continue;
    const group =
      scope === 'subjectAndIp' && who.subject !== undefined
        ? addressesOf(action, who.subject)
        : undefined;
    checks.push({ scope, key: `${action}:${scope}:${value}`, rule, group });
  }
  return checks;
}

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Too many requests. Please try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { retryAfterSeconds },
  );
}

/**
 * Counts one attempt against every check; returns the keys counted (a failing store counts
 * nothing and lets the attempt through) and the longest wait of those over their limit (0: none).
 */
async function consumeAll(
  store: RateLimiterStore,
  checks: readonly Check[],
  onStoreError: (error: unknown) => void,
): Promise<{ counted: Check[]; retryAfter: number }> {
  const counted: Check[] = [];
  let retryAfter = 0;
  for (const check of checks) {
    try {
      const result = await store.consume(check.key, check.rule, check.group);
      counted.push(check);
      if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
    } catch (error) {
      onStoreError(error);
    }
  }
  return { counted, retryAfter };
}

export function createRateLimiter({
  store,
  limits,
  slowdowns = {},
  onStoreError = () => undefined,
}: RateLimiterOptions): RateLimiter {
  const refund = (checks: readonly Check[]) =>
    Promise.all(checks.map((check) => store.refund(check.key).catch(onStoreError)));
  return {
    async hit(action, who) {
      const { retryAfter } = await consumeAll(store, checksFor(limits, action, who), onStoreError);
      if (retryAfter > 0) throw rateLimited(retryAfter);
    },
    async limitFailures(action, who, check) {
      const checks = checksFor(limits, action, who);
      const { counted, retryAfter } = await consumeAll(store, checks, onStoreError);
      if (retryAfter > 0) {
        await refund(counted);
        throw rateLimited(retryAfter);
      }
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await check();
      } catch (error) {
        await refund(counted);
        throw error;
      }
      if (result === undefined) return undefined; // failed: the pending points stay counted
      const cleared = counted.filter((c) => CLEARED_BY_A_PASS.includes(c.scope));
      await Promise.all([
        refund(counted.filter((c) => !cleared.includes(c))),
        store.clear(cleared.map((c) => c.key)).catch(onStoreError),
      ]);
      return result;
    },
    async forgetFailures(action, subject) {
      await store
        .clear(
          [`${action}:subject:${subject}`, slowdownKey(action, subject)],
          [addressesOf(action, subject)],
        )
        .catch(onStoreError);
    },
    async slowDownAfterFailure(action, subject) {
      const rule = slowdowns[action];
      if (!rule) return;
      let failures: number;
      try {
        const counted = await store.consume(slowdownKey(action, subject), {
          points: Number.MAX_SAFE_INTEGER,
          durationSeconds: rule.windowSeconds,
        });
        failures = counted.count;
      } catch (error) {
        onStoreError(error);
        return;
      }
      const delay = slowdownDelayMs(failures, rule);
      if (delay > 0) await sleep(delay);
    },
    close: () => store.close(),
  };
}
