import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { OneTimeCode } from '../../src/modules/accounts/one-time-code.entity.js';
import { Session } from '../../src/auth/session.entity.js';
import { hashToken } from '../../src/auth/tokens.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  lastEmailTo,
  loginToken,
  readEmails,
  resetCode,
  useAccountServer,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const NEW_PASSWORD = 'a-new-long-passphrase';

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    contract.inject(server.app, {
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers,
    });

  async function requestCode(email: string): Promise<string> {
    const response = await post('/api/accounts/send-otp/', { email });
    expect(response.statusCode).toBe(200);
    return resetCode(await lastEmailTo(server, email.toLowerCase()));
  }

  async function resetToken(email: string): Promise<string> {
    const otp = await requestCode(email);
    const response = await post('/api/accounts/verify-otp/', { email, otp });
    expect(response.statusCode).toBe(200);
    return (response.json() as { token: string }).token;
  }

  describe('POST /api/accounts/send-otp/', () => {
    it('emails a 6-digit code, stored hashed, valid 10 minutes', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const response = await post('/api/accounts/send-otp/', { email: 'Cook@example.com' });
      expect(response.json()).toEqual({
        status: 'success',
        message: 'If an account exists for this email, a reset code has been sent.',
      });
      const code = resetCode(await lastEmailTo(server, 'cook@example.com'));
      const stored = await orm()
        .em.fork()
        .findOneOrFail(OneTimeCode, { purpose: 'password-reset' });
      expect(stored.codeHash).not.toContain(code);
      const minutes = (stored.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9.9);
      expect(minutes).toBeLessThanOrEqual(10);
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const response = await post('/api/accounts/send-otp/', { email: 'nobody@example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        'If an account exists for this email, a reset code has been sent.',
      );
      expect((await readEmails(server)).filter((e) => e.to.includes('nobody@'))).toEqual([]);
    });

    it('answers 400 for a missing email', async () => {
      const response = await post('/api/accounts/send-otp/', {});
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ email: ['Email is required'] });
    });
  });

  describe('POST /api/accounts/verify-otp/', () => {
    it('exchanges the code for a 15-minute reset token, once', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const otp = await requestCode('cook@example.com');
      const response = await post('/api/accounts/verify-otp/', { email: 'cook@example.com', otp });
      expect(response.statusCode).toBe(200);
      const { token } = response.json() as { token: string };
      const session = await orm()
        .em.fork()
        .findOneOrFail(Session, { tokenHash: hashToken(token) });
      expect(session.kind).toBe('password-reset');
      expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      const again = await post('/api/accounts/verify-otp/', { email: 'cook@example.com', otp });
      expect(again.statusCode).toBe(400);
    });

    it('answers 400 Invalid or expired code. for a wrong code', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const otp = await requestCode('cook@example.com');
      const wrong = otp === '000000' ? '111111' : '000000';
      const response = await post('/api/accounts/verify-otp/', {
        email: 'cook@example.com',
        otp: wrong,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Invalid or expired code.',
        errors: { otp: ['Invalid or expired code.'] },
      });
    });

    it('kills the code after 5 wrong codes', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const otp = await requestCode('cook@example.com');
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        await post('/api/accounts/verify-otp/', { email: 'cook@example.com', otp: wrong });
      }
      const right = await post('/api/accounts/verify-otp/', { email: 'cook@example.com', otp });
      expect(right.statusCode).toBe(400);
    });

    it('answers 400 for an expired code and for an unknown email', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const otp = await requestCode('cook@example.com');
      await orm()
        .em.fork()
        .nativeUpdate(OneTimeCode, {}, { expiresAt: new Date(Date.now() - 1000) });
      expect(
        (await post('/api/accounts/verify-otp/', { email: 'cook@example.com', otp })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/accounts/verify-otp/', { email: 'ghost@example.com', otp })).statusCode,
      ).toBe(400);
    });

    it('only accepts the newest code', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const first = await requestCode('cook@example.com');
      const second = await requestCode('cook@example.com');
      if (first !== second) {
        const old = await post('/api/accounts/verify-otp/', {
          email: 'cook@example.com',
          otp: first,
        });
        expect(old.statusCode).toBe(400);
      }
      const fresh = await post('/api/accounts/verify-otp/', {
        email: 'cook@example.com',
        otp: second,
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('answers 400 for a code that is not 6 digits', async () => {
      const response = await post('/api/accounts/verify-otp/', {
        email: 'cook@example.com',
        otp: '12ab',
      });
      expect(response.json().errors).toEqual({ otp: ['The code has 6 digits.'] });
    });
  });

  describe('POST /api/accounts/reset-password/', () => {
    it('sets the password, verifies the email, revokes every session and logs in', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com', verified: false });
      await orm().em.fork().nativeUpdate(User, {}, { emailVerifiedAt: new Date() });
      const oldSession = await loginToken(server.app, 'cook@example.com');
      await orm().em.fork().nativeUpdate(User, {}, { emailVerifiedAt: null });

      const token = await resetToken('cook@example.com');
      const response = await post(
        '/api/accounts/reset-password/',
        { password: NEW_PASSWORD },
        bearer(token),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json() as { status: string; message: string; token: string };
      expect(body).toMatchObject({ status: 'success', message: 'Password Reset Successfully!' });

      const user = await orm().em.fork().findOneOrFail(User, { email: 'cook@example.com' });
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      const profile = (t: string) =>
        server.app.inject({ method: 'GET', url: '/api/accounts/profile/', headers: bearer(t) });
      expect((await profile(body.token)).statusCode).toBe(200);
      expect((await profile(oldSession)).statusCode).toBe(401);
      // The reset token is single use.
      const again = await post(
        '/api/accounts/reset-password/',
        { password: NEW_PASSWORD },
        bearer(token),
      );
      expect(again.statusCode).toBe(401);
      await expect(loginToken(server.app, 'cook@example.com', NEW_PASSWORD)).resolves.toBeTruthy();
      await expect(loginToken(server.app, 'cook@example.com', PASSWORD)).rejects.toThrow();
    });

    it('refuses a login token with 401, and a reset token everywhere else', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const login = await loginToken(server.app, 'cook@example.com');
      const refused = await post(
        '/api/accounts/reset-password/',
        { password: NEW_PASSWORD },
        bearer(login),
      );
      expect(refused.statusCode).toBe(401);
      const reset = await resetToken('cook@example.com');
      const elsewhere = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(reset),
      });
      expect(elsewhere.statusCode).toBe(401);
      const trpc = (await server
        .caller(reset)
        .accounts.profile()
        .catch((e: unknown) => e)) as TRPCError;
      expect(trpc.code).toBe('UNAUTHORIZED');
    });

    it('answers 401 without a token', async () => {
      const response = await post('/api/accounts/reset-password/', { password: NEW_PASSWORD });
      expect(response.statusCode).toBe(401);
    });

    it('enforces the password rules', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const token = await resetToken('cook@example.com');
      const response = await post(
        '/api/accounts/reset-password/',
        { password: 'short' },
        bearer(token),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Please fill in all required fields correctly',
        errors: { password: ['Password must be at least 8 characters'] },
      });
      const missing = await post('/api/accounts/reset-password/', {}, bearer(token));
      expect(missing.json().errors).toEqual({ password: ['Password is required'] });
    });

    it('runs the whole journey over tRPC with the same results', async () => {
      await createAccount(orm().em.fork(), { email: 'cook@example.com' });
      const anonymous = server.caller();
      await expect(anonymous.accounts.sendOtp({ email: 'cook@example.com' })).resolves.toEqual({
        status: 'success',
        message: 'If an account exists for this email, a reset code has been sent.',
      });
      const otp = resetCode(await lastEmailTo(server, 'cook@example.com'));
      const { token } = await anonymous.accounts.verifyOtp({ email: 'cook@example.com', otp });
      const done = await server.caller(token).accounts.resetPassword({ password: NEW_PASSWORD });
      expect(done).toMatchObject({ status: 'success', message: 'Password Reset Successfully!' });
      expect((await server.caller(done.token).accounts.profile()).data.email).toBe(
        'cook@example.com',
      );
    });
  });
});
