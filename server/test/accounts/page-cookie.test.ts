import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageViewerOf } from '../../src/auth/page-viewer.js';
import { Session } from '../../src/auth/session.entity.js';
import { hashToken } from '../../src/auth/tokens.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  lastEmailTo,
  resetCode,
  startAccountServer,
  useAccountServer,
} from '../support/account-server.js';
import { forEachDatabase } from '../support/test-database.js';

const EMAIL = 'nadia@example.com';

/** The `recipehub_page` cookie an answer sets, as light-my-request parses it. */
function pageCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'recipehub_page');
}

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  const trpcLogin = (email = EMAIL, password = PASSWORD) =>
    server.app.inject({
      method: 'POST',
      url: '/trpc/accounts.login',
      payload: { email, password },
    });

  /** Signs in as the web app does: its bearer token and its page cookie's value. */
  async function webLogin(email = EMAIL, password = PASSWORD) {
    const response = await trpcLogin(email, password);
    expect(response.statusCode).toBe(200);
    const token = (response.json() as { result: { data: { token: string } } }).result.data.token;
    const cookie = pageCookieOf(response);
    if (!cookie) throw new Error('the tRPC login set no page cookie');
    return { token, page: cookie.value, response };
  }

  const pageViewer = (page: string) => pageViewerOf(db(), page);

  describe('POST /trpc/accounts.login (the web app’s login)', () => {
    it('sets an HttpOnly, SameSite=Lax page cookie for /dashboard/, as long as the session', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const { token, page, response } = await webLogin();
      const cookie = pageCookieOf(response)!;
      expect(cookie).toMatchObject({
        path: '/dashboard/',
        httpOnly: true,
        sameSite: 'Lax',
      });
      // Never longer than the login session (30 days from the sign-in), counted when it is set.
      expect(cookie.maxAge).toBeLessThanOrEqual(30 * 24 * 60 * 60);
      expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 60 * 60 - 60);
      // http PUBLIC_URL in tests: a Secure cookie would never come back over plain http.
      expect(cookie.secure).toBeUndefined();
      expect(page).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(page).not.toBe(token);
      const session = await orm()
        .em.fork()
        .findOneOrFail(Session, { tokenHash: hashToken(token) });
      // Stored hashed, on the login session's own row.
      expect(session.pageTokenHash).toBe(hashToken(page));
      expect(await pageViewer(page)).toMatchObject({ sessionId: session.id, role: 'User' });
    });

    it('marks the cookie Secure when PUBLIC_URL is https', async () => {
      const https = await startAccountServer(db(), {
        config: { publicUrl: 'https://recipes.example.com' },
      });
      try {
        await createAccount(orm().em.fork(), { email: EMAIL });
        const response = await https.app.inject({
          method: 'POST',
          url: '/trpc/accounts.login',
          payload: { email: EMAIL, password: PASSWORD },
        });
        expect(pageCookieOf(response)).toMatchObject({ secure: true, path: '/dashboard/' });
      } finally {
        await https.close();
      }
    });

    it('sets no page cookie when the password is wrong', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const response = await trpcLogin(EMAIL, 'wrong-password');
      expect(response.statusCode).toBe(401);
      expect(pageCookieOf(response)).toBeUndefined();
    });
  });

  describe('POST /api/accounts/login/ (REST clients)', () => {
    it('sets no page cookie and stores no page token', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { email: EMAIL, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(pageCookieOf(response)).toBeUndefined();
      const { token } = response.json() as { token: string };
      const session = await orm()
        .em.fork()
        .findOneOrFail(Session, { tokenHash: hashToken(token) });
      expect(session.pageTokenHash).toBeNull();
    });
  });

  describe('the page cookie on the API faces', () => {
    it('is no bearer token: REST and tRPC answer 401 for it', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const { token, page } = await webLogin();
      const rest = await server.app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(page),
      });
      expect(rest.statusCode).toBe(401);
      const trpc = await server.app.inject({
        method: 'GET',
        url: '/trpc/accounts.profile',
        headers: bearer(page),
      });
      expect(trpc.statusCode).toBe(401);
      await expect(server.caller(page).accounts.profile()).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
      // The real token still works: the 401s are the page token's, not a broken session.
      const mine = await server.app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(token),
      });
      expect(mine.statusCode).toBe(200);
    });

    it('authenticates nothing as a cookie: member calls stay anonymous (401)', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const { page } = await webLogin();
      const cookies = { recipehub_page: page };
      const rest = await server.app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        cookies,
      });
      expect(rest.statusCode).toBe(401);
      const trpc = await server.app.inject({
        method: 'GET',
        url: '/trpc/accounts.profile',
        cookies,
      });
      expect(trpc.statusCode).toBe(401);
      const write = await server.app.inject({
        method: 'POST',
        url: '/trpc/accounts.logout',
        payload: {},
        cookies,
      });
      expect(write.statusCode).toBe(401);
      expect(await pageViewer(page)).not.toBeNull();
    });
  });

  describe('what ends the page token', () => {
    it('logout (tRPC) revokes it and clears the cookie', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const { token, page } = await webLogin();
      const response = await server.app.inject({
        method: 'POST',
        url: '/trpc/accounts.logout',
        payload: {},
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(pageCookieOf(response)).toMatchObject({
        value: '',
        maxAge: 0,
        path: '/dashboard/',
        httpOnly: true,
      });
      expect(await pageViewer(page)).toBeNull();
    });

    it('logout (REST) revokes it and clears the cookie', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const { token, page } = await webLogin();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/accounts/logout/',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(204);
      expect(pageCookieOf(response)).toMatchObject({ maxAge: 0, path: '/dashboard/' });
      expect(await pageViewer(page)).toBeNull();
    });

    it('a password change ends the other sessions’ page tokens, not the changing one’s', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const here = await webLogin();
      const elsewhere = await webLogin();
      const response = await server.app.inject({
        method: 'PUT',
        url: '/api/accounts/profile/update/',
        headers: bearer(here.token),
        payload: { password: 'a-brand-new-passphrase', currentPassword: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(await pageViewer(elsewhere.page)).toBeNull();
      expect(await pageViewer(here.page)).not.toBeNull();
    });

    it('a password reset ends every page token and its login hands out a new cookie', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const before = await webLogin();
      await server.app.inject({
        method: 'POST',
        url: '/api/accounts/send-otp/',
        payload: { email: EMAIL },
      });
      const otp = resetCode(await lastEmailTo(server, EMAIL));
      const verified = await server.app.inject({
        method: 'POST',
        url: '/trpc/accounts.verifyOtp',
        payload: { email: EMAIL, otp },
      });
      const resetToken = (verified.json() as { result: { data: { token: string } } }).result.data
        .token;
      const reset = await server.app.inject({
        method: 'POST',
        url: '/trpc/accounts.resetPassword',
        headers: bearer(resetToken),
        payload: { password: 'a-brand-new-passphrase', confirmPassword: 'a-brand-new-passphrase' },
      });
      expect(reset.statusCode).toBe(200);
      expect(await pageViewer(before.page)).toBeNull();
      const fresh = pageCookieOf(reset);
      expect(fresh).toMatchObject({ path: '/dashboard/', httpOnly: true, sameSite: 'Lax' });
      expect(await pageViewer(fresh!.value)).not.toBeNull();
    });

    it('expiry and the account’s deletion end it', async () => {
      await createAccount(orm().em.fork(), { email: EMAIL });
      const { token, page } = await webLogin();
      const em = orm().em.fork();
      await em.nativeUpdate(
        Session,
        { tokenHash: hashToken(token) },
        { expiresAt: new Date(Date.now() - 1000) },
      );
      expect(await pageViewer(page)).toBeNull();

      const second = await webLogin();
      expect(await pageViewer(second.page)).not.toBeNull();
      await orm().em.fork().nativeDelete(User, { email: EMAIL });
      expect(await pageViewer(second.page)).toBeNull();
    });

    it('is null for a missing, malformed or unknown value, never an error', async () => {
      expect(await pageViewer('')).toBeNull();
      expect(await pageViewer('not a token; drop table session')).toBeNull();
      expect(await pageViewer('A'.repeat(43))).toBeNull();
      expect(await pageViewerOf(db(), undefined)).toBeNull();
    });
  });
});
