import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../src/auth/session.entity.js';
import { hashToken } from '../../src/auth/tokens.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  loginToken,
  useAccountServer,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    contract.inject(server.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: payload as object,
      headers,
    });
  const profile = (token: string) =>
    contract.inject(server.app, {
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: bearer(token),
    });

  describe('POST /api/accounts/login/', () => {
    it('answers 200 with a session token, email case-insensitive', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const response = await login({ email: ' COOK@Example.com ', password: PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { status: string; token: string; message: string };
      expect(body).toMatchObject({ status: 'success', message: 'Login Successful!' });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Stored hashed: the database has the digest, never the token.
      const session = await orm()
        .em.fork()
        .findOneOrFail(Session, { tokenHash: hashToken(body.token) });
      expect(session.kind).toBe('login');
      expect(session.tokenHash).not.toContain(body.token);
      const days = (session.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    });

    it('answers 401 Invalid Credentials for an unknown email', async () => {
      const response = await login({ email: 'nobody@example.com', password: PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ status: 'unauthorized', message: 'Invalid Credentials' });
    });

    it('answers 401 Invalid Credentials for a wrong password', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const response = await login({ email: 'cook@example.com', password: 'wrong-password' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'unauthorized', message: 'Invalid Credentials' });
    });

    it('answers 403 unverified only when the password is right', async () => {
      await createAccount(orm().em.fork(), { email: 'new@example.com', verified: false });
      const right = await login({ email: 'new@example.com', password: PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({
        status: 'unverified',
        message: 'Please verify your email before logging in.',
      });
      const wrong = await login({ email: 'new@example.com', password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
    });

    it('answers 400 with field errors for missing fields', async () => {
      const response = await login({});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Please fill in all required fields correctly',
        errors: { email: ['Email is required'], password: ['Password is required'] },
      });
    });

    it('answers 400 in the envelope for malformed JSON', async () => {
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/login/',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe('failed');
    });

    it('ignores a bad bearer token sent along', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const response = await login(
        { email: 'cook@example.com', password: PASSWORD },
        { authorization: 'Bearer revoked-or-garbage-token-value' },
      );
      expect(response.statusCode).toBe(200);
    });

    it('gives the same results over tRPC', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      await createAccount(orm().em.fork(), { email: 'new@example.com', verified: false });
      const caller = server.caller();
      const ok = await caller.accounts.login({ email: 'cook@example.com', password: PASSWORD });
      expect(ok).toMatchObject({ status: 'success', message: 'Login Successful!' });
      expect((await profile(ok.token)).statusCode).toBe(200);

      const wrong = (await caller.accounts
        .login({ email: 'cook@example.com', password: 'nope-nope' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(wrong).toBeInstanceOf(TRPCError);
      expect(wrong.code).toBe('UNAUTHORIZED');
      expect(wrong.message).toBe('Invalid Credentials');

      const unverified = (await caller.accounts
        .login({ email: 'new@example.com', password: PASSWORD })
        .catch((e: unknown) => e)) as TRPCError;
      expect(unverified.code).toBe('FORBIDDEN');
      expect(unverified.message).toBe('Please verify your email before logging in.');
    });
  });

  describe('POST /api/accounts/logout/', () => {
    it('revokes the caller’s token and only that one', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const first = await loginToken(server.app, 'cook@example.com');
      const second = await loginToken(server.app, 'cook@example.com');
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/logout/',
        headers: bearer(first),
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const after = await profile(first);
      expect(after.statusCode).toBe(401);
      expect(after.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect((await profile(second)).statusCode).toBe(200);
    });

    it('answers 401 problem details without a token', async () => {
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/logout/',
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({
        status: 401,
        detail: 'Authentication credentials were not provided or are no longer valid.',
      });
    });

    it('logs out over tRPC too', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const token = await loginToken(server.app, 'cook@example.com');
      await expect(server.caller(token).accounts.logout()).resolves.toBeNull();
      expect((await profile(token)).statusCode).toBe(401);
      const again = (await server
        .caller(token)
        .accounts.logout()
        .catch((e: unknown) => e)) as TRPCError;
      expect(again.code).toBe('UNAUTHORIZED');
    });
  });

  describe('bearer tokens', () => {
    it('answers 401 for a malformed Authorization header', async () => {
      for (const authorization of ['Basic abc', 'Bearer', 'Bearer short', 'token-without-scheme']) {
        const response = await contract.inject(server.app, {
          method: 'GET',
          url: '/api/accounts/profile/',
          headers: { authorization },
        });
        expect(response.statusCode).toBe(401);
      }
    });

    it('answers 401 for an expired session', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const token = await loginToken(server.app, 'cook@example.com');
      await orm()
        .em.fork()
        .nativeUpdate(
          Session,
          { tokenHash: hashToken(token) },
          { expiresAt: new Date(Date.now() - 1) },
        );
      expect((await profile(token)).statusCode).toBe(401);
    });

    it('answers 401 for an invalid token even on a public call', async () => {
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/contact/',
        payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
        headers: bearer('A'.repeat(43)),
      });
      expect(response.statusCode).toBe(401);
      const trpc = (await server
        .caller('A'.repeat(43))
        .contact.create({ name: 'A', email: 'a@example.com', message: 'Hi' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(trpc.code).toBe('UNAUTHORIZED');
    });

    it('slides a login session forward when it is used after a minute', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const token = await loginToken(server.app, 'cook@example.com');
      const old = new Date(Date.now() - 2 * 86_400_000);
      await orm()
        .em.fork()
        .nativeUpdate(
          Session,
          { tokenHash: hashToken(token) },
          { lastUsedAt: old, expiresAt: new Date(Date.now() + 86_400_000) },
        );
      expect((await profile(token)).statusCode).toBe(200);
      const session = await orm()
        .em.fork()
        .findOneOrFail(Session, { tokenHash: hashToken(token) });
      expect(session.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    });
  });
});
