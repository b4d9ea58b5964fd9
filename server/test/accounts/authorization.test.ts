import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/accounts/sessions.js';
import type { User, UserRole } from '../../src/modules/users/user.entity.js';
import { appRouter } from '../../src/trpc/routers/_app.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  startAccountServer,
  type AccountServer,
  type AppCaller,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

/**
 * Who may call what. `owner` is a User acting on their own account: the `{email}` in the path is
 * theirs (the admin calls stay Admin-only even then). Every /api/ route the app serves must be in
 * this table or in PUBLIC_INFRASTRUCTURE, and every tRPC procedure in TRPC_TABLE.
 */
type Caller = 'anonymous' | 'User' | 'Chef' | 'Admin' | 'owner';
const CALLERS: Caller[] = ['anonymous', 'User', 'Chef', 'Admin', 'owner'];

interface Fixture {
  owner: User;
  unique(): string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  expected: Record<Caller, number>;
  request(fixture: Fixture): { url: string; payload?: object };
}

const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  User: status,
  Chef: status,
  Admin: status,
  owner: status,
});
const loggedIn = (status: number) => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number) => ({ ...all(403), anonymous: 401, Admin: status });

const TABLE: Row[] = [
  {
    method: 'POST',
    path: '/api/accounts/register/',
    expected: all(201),
    request: (f) => ({
      url: '/api/accounts/register/',
      payload: { email: f.unique(), firstName: 'A', lastName: 'B', password: PASSWORD },
    }),
  },
  {
    method: 'GET',
    path: '/api/accounts/verify-email/{token}/',
    expected: all(302),
    request: () => ({ url: `/api/accounts/verify-email/${'A'.repeat(43)}/` }),
  },
  {
    method: 'POST',
    path: '/api/users/resend-verification/',
    expected: all(200),
    request: (f) => ({ url: '/api/users/resend-verification/', payload: { email: f.unique() } }),
  },
  {
    method: 'POST',
    path: '/api/accounts/resend-verification/',
    expected: all(200),
    request: (f) => ({ url: '/api/accounts/resend-verification/', payload: { email: f.unique() } }),
  },
  {
    method: 'POST',
    path: '/api/accounts/login/',
    expected: all(200),
    request: (f) => ({
      url: '/api/accounts/login/',
      payload: { email: f.owner.email, password: PASSWORD },
    }),
  },
  {
    method: 'POST',
    path: '/api/accounts/logout/',
    expected: loggedIn(204),
    request: () => ({ url: '/api/accounts/logout/' }),
  },
  {
    method: 'POST',
    path: '/api/accounts/send-otp/',
    expected: all(200),
    request: (f) => ({ url: '/api/accounts/send-otp/', payload: { email: f.owner.email } }),
  },
  {
    method: 'POST',
    path: '/api/accounts/verify-otp/',
    expected: all(400),
    request: (f) => ({
      url: '/api/accounts/verify-otp/',
      payload: { email: f.owner.email, otp: '000000' },
    }),
  },
  {
    // Only a reset token from verify-otp opens it: login tokens are refused like no token.
    method: 'POST',
    path: '/api/accounts/reset-password/',
    expected: all(401),
    request: () => ({
      url: '/api/accounts/reset-password/',
      payload: { password: 'a-new-long-passphrase' },
    }),
  },
  {
    method: 'GET',
    path: '/api/accounts/profile/',
    expected: loggedIn(200),
    request: () => ({ url: '/api/accounts/profile/' }),
  },
  {
    method: 'PUT',
    path: '/api/accounts/profile/update/',
    expected: loggedIn(200),
    request: () => ({ url: '/api/accounts/profile/update/', payload: { bio: 'Hello' } }),
  },
  {
    method: 'GET',
    path: '/api/accounts/profile/all/',
    expected: adminOnly(200),
    request: () => ({ url: '/api/accounts/profile/all/' }),
  },
  {
    method: 'GET',
    path: '/api/accounts/profile/{email}/',
    expected: adminOnly(200),
    request: (f) => ({ url: `/api/accounts/profile/${f.owner.email}/` }),
  },
  {
    method: 'PUT',
    path: '/api/accounts/profile/{email}/update-role/',
    expected: adminOnly(200),
    request: (f) => ({
      url: `/api/accounts/profile/${f.owner.email}/update-role/`,
      payload: { role: 'Chef' },
    }),
  },
  {
    method: 'POST',
    path: '/api/contact/',
    expected: all(201),
    request: (f) => ({
      url: '/api/contact/',
      payload: { name: 'Visitor', email: f.unique(), message: 'Hello there' },
    }),
  },
  {
    method: 'GET',
    path: '/api/contact/messages/',
    expected: adminOnly(200),
    request: () => ({ url: '/api/contact/messages/' }),
  },
];

/** Public infrastructure under /api/ (recipe routes join the table when they exist). */
const PUBLIC_INFRASTRUCTURE = [
  /^GET \/api\/health$/,
  /^GET \/api\/openapi\.json$/,
  /^GET \/api\/docs(\/.*)?$/,
];

/** tRPC procedures: 'ok' or the error code each caller gets (inputs valid unless said). */
type TrpcExpectation = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'BAD_REQUEST';
const trpcAll = (e: TrpcExpectation): Record<Caller, TrpcExpectation> => ({
  anonymous: e,
  User: e,
  Chef: e,
  Admin: e,
  owner: e,
});
const TRPC_TABLE: Record<
  string,
  { expected: Record<Caller, TrpcExpectation>; call(c: AppCaller, f: Fixture): Promise<unknown> }
> = {
  health: { expected: trpcAll('ok'), call: (c) => c.health() },
  demoLogin: { expected: trpcAll('ok'), call: (c) => c.demoLogin() },
  'accounts.register': {
    expected: trpcAll('ok'),
    call: (c, f) =>
      c.accounts.register({ email: f.unique(), firstName: 'A', lastName: 'B', password: PASSWORD }),
  },
  'accounts.resendVerification': {
    expected: trpcAll('ok'),
    call: (c, f) => c.accounts.resendVerification({ email: f.unique() }),
  },
  'accounts.login': {
    expected: trpcAll('ok'),
    call: (c, f) => c.accounts.login({ email: f.owner.email, password: PASSWORD }),
  },
  'accounts.logout': {
    expected: { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.accounts.logout(),
  },
  'accounts.sendOtp': {
    expected: trpcAll('ok'),
    call: (c, f) => c.accounts.sendOtp({ email: f.owner.email }),
  },
  'accounts.verifyOtp': {
    expected: trpcAll('BAD_REQUEST'),
    call: (c, f) => c.accounts.verifyOtp({ email: f.owner.email, otp: '000000' }),
  },
  'accounts.resetPassword': {
    expected: trpcAll('UNAUTHORIZED'),
    call: (c) => c.accounts.resetPassword({ password: 'a-new-long-passphrase' }),
  },
  'accounts.profile': {
    expected: { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.accounts.profile(),
  },
  'accounts.updateProfile': {
    expected: { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.accounts.updateProfile({ profile: { bio: 'Hi' } }),
  },
  'accounts.users.list': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c) => c.accounts.users.list(),
  },
  'accounts.users.get': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c, f) => c.accounts.users.get({ email: f.owner.email }),
  },
  'accounts.users.updateRole': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c, f) => c.accounts.users.updateRole({ email: f.owner.email, role: 'Chef' }),
  },
  'contact.create': {
    expected: trpcAll('ok'),
    call: (c, f) => c.contact.create({ name: 'V', email: f.unique(), message: 'Hello' }),
  },
  'contact.list': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c) => c.contact.list(),
  },
};

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm }) => {
  let server: AccountServer;
  const routes: string[] = [];
  beforeAll(async () => {
    server = await startAccountServer(orm(), {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
  });

  /** Fresh accounts for one cell: the caller (by role) and the owner whose email is in the path. */
  async function setUp(caller: Caller): Promise<{ token: string | null; fixture: Fixture }> {
    const em = orm().em.fork();
    const tag = randomBytes(4).toString('hex');
    const owner = await createAccount(em, { email: `owner-${tag}@example.com`, role: 'User' });
    // An Admin always exists, so demoting rules never get in the way.
    await createAccount(em, { email: `keeper-${tag}@example.com`, role: 'Admin' });
    let n = 0;
    const fixture: Fixture = { owner, unique: () => `new-${tag}-${++n}@example.com` };
    if (caller === 'anonymous') return { token: null, fixture };
    const user =
      caller === 'owner'
        ? owner
        : await createAccount(em, {
            email: `${caller.toLowerCase()}-${tag}@example.com`,
            role: caller as UserRole,
          });
    const token = openSession(em, user, 'login');
    await em.flush();
    return { token, fixture };
  }

  describe('REST authorization table', () => {
    for (const row of TABLE) {
      describe(`${row.method} ${row.path}`, () => {
        for (const caller of CALLERS) {
          it(`answers ${row.expected[caller]} to ${caller}`, async () => {
            const { token, fixture } = await setUp(caller);
            const { url, payload } = row.request(fixture);
            const response = await contract.inject(server.app, {
              method: row.method,
              url,
              ...(payload ? { payload } : {}),
              headers: token ? bearer(token) : {},
            });
            expect(response.statusCode, response.body).toBe(row.expected[caller]);
          });
        }
      });
    }

    it('lists every /api/ route the app serves', () => {
      const listed = new Set(TABLE.map((row) => `${row.method} ${row.path}`));
      const unlisted = [...new Set(routes)]
        .filter((route) => !route.startsWith('HEAD '))
        .map((route) => route.replace(/:(\w+)/g, '{$1}'))
        .filter((route) => route.split(' ')[1]?.startsWith('/api'))
        .filter((route) => !listed.has(route))
        .filter((route) => !PUBLIC_INFRASTRUCTURE.some((pattern) => pattern.test(route)));
      expect(unlisted).toEqual([]);
      // And the table names no route that does not exist.
      const served = new Set(routes.map((route) => route.replace(/:(\w+)/g, '{$1}')));
      expect([...listed].filter((route) => !served.has(route))).toEqual([]);
    });
  });

  describe('tRPC authorization table', () => {
    for (const [path, entry] of Object.entries(TRPC_TABLE)) {
      for (const caller of CALLERS) {
        it(`${path} gives ${entry.expected[caller]} to ${caller}`, async () => {
          const { token, fixture } = await setUp(caller);
          const outcome = await entry.call(server.caller(token), fixture).then(
            () => 'ok',
            (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
          );
          expect(outcome).toBe(entry.expected[caller]);
        });
      }
    }

    it('lists every procedure', () => {
      const procedures = Object.keys(appRouter._def.procedures).sort();
      expect(procedures).toEqual(Object.keys(TRPC_TABLE).sort());
    });
  });
});
