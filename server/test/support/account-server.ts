import type { UserRole } from '@recipehub/openapi/enums';
import { mkdtempSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import type { AppConfig } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import type { Mailer } from '../../src/mail/mailer.js';
import type { ServiceDeps } from '../../src/modules/shared/service-deps.js';
import { hashPassword } from '../../src/modules/users/password.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  DEFAULT_RATE_LIMITS,
  LIMITED_ACTIONS,
  type FailureSlowdowns,
  type RateLimits,
} from '../../src/security/rate-limiter.js';
import { createServiceDeps } from '../../src/services.js';
import { createCallerFactory } from '../../src/trpc/trpc.js';
import { appRouter } from '../../src/app-router.js';
import { testConfig } from './build-test-app.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearTables } from './test-database.js';
import { loopbackOnlyResolve } from './loopback-resolver.js';

/** Limits high enough that only the rate-limit tests ever meet them (every scope the defaults use). */
export const GENEROUS_LIMITS: RateLimits = Object.fromEntries(
  LIMITED_ACTIONS.map((action) => [
    action,
    Object.fromEntries(
      Object.keys(DEFAULT_RATE_LIMITS[action]).map((scope) => [
        scope,
        { points: 10_000, durationSeconds: 60 },
      ]),
    ),
  ]),
) as RateLimits;

export interface AccountServer {
  app: FastifyInstance;
  config: AppConfig;
  deps: ServiceDeps;
  /** A tRPC caller over the same services, as a client at `ip` sending `authorization`. */
  caller(token?: string | null, ip?: string): AppCaller;
  close(): Promise<void>;
}

const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;

/** The real app plus a tRPC caller sharing its services (and rate-limit counters). */
export async function startAccountServer(
  database: Database,
  options: {
    mailer?: Mailer;
    rateLimits?: RateLimits;
    /** None unless a test proves them (they would slow every test that fails a login). */
    failureSlowdowns?: FailureSlowdowns;
    config?: Partial<AppConfig>;
    onRoute?: BuildAppOptions['onRoute'];
    /** The recipe importer's resolver and timeout; by default names never resolve (loopback only). */
    importFetch?: ServiceDeps['importFetch'];
    /** Where the services log (quiet by default); a test that checks a log line passes its own. */
    log?: ServiceDeps['log'];
    /** How long the importer may read a page (PARSE_TIME_LIMIT_MS by default). */
    importParseTimeLimitMs?: number;
  } = {},
): Promise<AccountServer> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'recipehub-accounts-'));
  const config = testConfig(scratch, options.config);
  const quiet = { info() {}, warn() {}, error() {} };
  const deps = createServiceDeps({
    config,
    database,
    log: options.log ?? quiet,
    mailer: options.mailer,
    rateLimits: options.rateLimits ?? GENEROUS_LIMITS,
    failureSlowdowns: options.failureSlowdowns ?? {},
    importFetch: {
      ...(options.importFetch ?? { resolve: loopbackOnlyResolve }),
      parseTimeLimitMs: options.importParseTimeLimitMs,
    },
  });
  const app = await buildApp({ config, database, logger: false, deps, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    config,
    deps,
    caller: (token, ip = '127.0.0.1') =>
      createCaller({
        config,
        database,
        orm: database.orm,
        deps,
        ip,
        authorization: token ? `Bearer ${token}` : undefined,
      }),
    async close() {
      await app.close();
      await deps.close();
    },
  };
}

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
}

/** Where a test reads mail from: the server's mail folder, after draining its outbox. */
export interface MailSource {
  config: Pick<AppConfig, 'mailDir'>;
  deps: Pick<ServiceDeps, 'outbox'>;
}

/**
 * Every email sent so far, oldest first. Mail leaves through the outbox after the request's
 * commit; the test servers run no background worker, so this drains the outbox first: every mail
 * committed before the call is in the folder when it returns.
 */
export async function readEmails(server: MailSource): Promise<ReceivedEmail[]> {
  await server.deps.outbox.drain();
  return readMailFolder(server.config.mailDir);
}

/** Every email written to the mail folder, oldest first, with a quoted-printable body decoded. */
export async function readMailFolder(mailDir: string): Promise<ReceivedEmail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const emails: ReceivedEmail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(mailDir, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const header = (name: string) =>
      new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    const body = rest.join('\n\n');
    // Quoted-printable escapes bytes of UTF-8: decode them to bytes, then the bytes as UTF-8.
    const text = /quoted-printable/i.test(head)
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8')
      : body;
    emails.push({ to: header('To'), subject: header('Subject'), text });
  }
  return emails;
}

/** The newest email sent to `to` (fails the test when there is none). */
export async function lastEmailTo(server: MailSource, to: string): Promise<ReceivedEmail> {
  const emails = (await readEmails(server)).filter((e) => e.to.includes(to));
  const last = emails.at(-1);
  if (!last) throw new Error(`no email to ${to} in ${server.config.mailDir}`);
  return last;
}

export function verificationLink(email: ReceivedEmail): string {
  const link = /https?:\/\/\S+\/api\/accounts\/verify-email\/[A-Za-z0-9_-]+\//.exec(
    email.text,
  )?.[0];
  if (!link) throw new Error(`no verification link in: ${email.text}`);
  return link;
}

export function resetCode(email: ReceivedEmail): string {
  const code = /reset code is (\d{6})/.exec(email.text)?.[1];
  if (!code) throw new Error(`no reset code in: ${email.text}`);
  return code;
}

export const PASSWORD = 'saffron-and-cardamom';
let sequence = 0;

/**
 * A user with a real argon2 hash of PASSWORD (verified unless told otherwise). Tests creating
 * many accounts with one password may pass a `passwordHash` made once, saving a hash each.
 */
export async function createAccount(
  em: EntityManager,
  overrides: {
    email?: string;
    role?: UserRole;
    verified?: boolean;
    password?: string;
    passwordHash?: string;
  } = {},
): Promise<User> {
  sequence++;
  const user = em.create(User, {
    email: overrides.email ?? `account${sequence}-${Date.now()}@example.com`,
    firstName: `First${sequence}`,
    lastName: `Last${sequence}`,
    mobile: null,
    passwordHash: overrides.passwordHash ?? (await hashPassword(overrides.password ?? PASSWORD)),
    role: overrides.role ?? 'User',
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
  em.create(Profile, { user, image: null, age: null });
  await em.flush();
  return user;
}

/** Logs in through REST and returns the session token. */
export async function loginToken(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return (response.json() as { token: string }).token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * The wiring every HTTP test file repeats, per database: one server for the file (closed after)
 * and empty tables before each test. Call it at the top of a `forEachDatabase` block, before the
 * file's own `beforeEach`, so tables are cleared before that runs. The handle reads through to
 * the server started in `beforeAll`, so tests keep writing `server.app`.
 */
export function useAccountServer(db: () => Database): AccountServer {
  let started: AccountServer | undefined;
  beforeAll(async () => {
    started = await startAccountServer(db());
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(async () => {
    await clearTables(db().orm);
  });
  return new Proxy({} as AccountServer, {
    get(_target, key) {
      if (!started)
        throw new Error('useAccountServer: the server starts in beforeAll; use it inside tests');
      return started[key as keyof AccountServer];
    },
  });
}
