import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/errors/app-error.js';
import type { OutgoingEmail } from '../../src/mail/mailer.js';
import { OutboxMail } from '../../src/mail/outbox-mail.entity.js';
import { EmailVerification } from '../../src/modules/accounts/email-verification.entity.js';
import { SendThrottle } from '../../src/modules/accounts/send-throttle.entity.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  PASSWORD,
  createAccount,
  lastEmailTo,
  readEmails,
  startAccountServer,
  verificationLink,
  useAccountServer,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const valid = {
  email: 'Tanvir.Hasan@Example.com',
  firstName: 'Tanvir',
  lastName: 'Hasan',
  password: PASSWORD,
  mobile: '+8801819000000',
};

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    contract.inject(server.app, { method: 'POST', url, payload: payload as object, headers });

  describe('POST /api/accounts/register/', () => {
    it('creates an unverified User with an empty profile and emails a verification link', async () => {
      const response = await post('/api/accounts/register/', valid);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        status: 'success',
        message: 'Registration successful! Please check your email to verify your account.',
      });
      const em = orm().em.fork();
      const user = await em.findOneOrFail(User, { email: 'tanvir.hasan@example.com' });
      expect(user).toMatchObject({ role: 'User', emailVerifiedAt: null, mobile: '+8801819000000' });
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      const profile = await em.findOneOrFail(Profile, { user });
      expect(profile).toMatchObject({ image: null, age: null, bio: '', sex: '' });
      const email = await lastEmailTo(server, 'tanvir.hasan@example.com');
      expect(verificationLink(email)).toMatch(
        /^http:\/\/recipehub\.test\/api\/accounts\/verify-email\/[A-Za-z0-9_-]{43}\/$/,
      );
    });

    it('answers 400 with the spec messages for every missing field', async () => {
      const response = await post('/api/accounts/register/', {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'User Registration failed!',
        errors: {
          email: ['Email is required'],
          firstName: ['First Name is required'],
          lastName: ['Last Name is required'],
          password: ['Password is required'],
        },
      });
    });

    it('treats blank names as missing', async () => {
      const response = await post('/api/accounts/register/', { ...valid, firstName: '  ' });
      expect(response.json().errors).toEqual({ firstName: ['First Name is required'] });
    });

    it('answers 400 for a short password', async () => {
      const response = await post('/api/accounts/register/', { ...valid, password: 'short' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        password: ['Password must be at least 8 characters'],
      });
    });

    it('answers 400 for a common password', async () => {
      const response = await post('/api/accounts/register/', { ...valid, password: 'Password123' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ password: ['This password is too common.'] });
    });

    it('answers 400 for an invalid email', async () => {
      const response = await post('/api/accounts/register/', { ...valid, email: 'not-an-email' });
      expect(response.json().errors).toEqual({ email: ['Enter a valid email address.'] });
    });

    it('answers 400 Email already exists! for an existing email in any case', async () => {
      await createAccount(orm().em.fork(), { email: 'tanvir.hasan@example.com' });
      const response = await post('/api/accounts/register/', valid);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'User Registration failed!',
        errors: { email: ['Email already exists!'] },
      });
    });

    it('answers 201 while the mail server is down and delivers the link once it is back', async () => {
      let smtpUp = false;
      const delivered: OutgoingEmail[] = [];
      const flaky = await startAccountServer(db(), {
        mailer: {
          async send(email) {
            if (!smtpUp) throw new Error('SMTP down');
            delivered.push(email);
          },
        },
      });
      try {
        const response = await contract.inject(flaky.app, {
          method: 'POST',
          url: '/api/accounts/register/',
          payload: valid,
        });
        expect(response.statusCode).toBe(201);
        expect(await flaky.deps.outbox.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
        const em = orm().em.fork();
        expect(await em.count(User, {})).toBe(1);
        const queued = await em.findOneOrFail(OutboxMail, {
          recipient: 'tanvir.hasan@example.com',
        });
        expect(queued).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down' });

        smtpUp = true;
        // The first retry is due 30 s later; let that time pass.
        await em.nativeUpdate(OutboxMail, {}, { nextAttemptAt: new Date(Date.now() - 1) });
        expect(await flaky.deps.outbox.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
        expect(delivered).toHaveLength(1);
        const link = verificationLink({ to: '', subject: '', text: delivered[0]?.text ?? '' });
        const verified = await flaky.app.inject({ method: 'GET', url: new URL(link).pathname });
        expect(verified.headers.location).toBe('/login?verified=true');
      } finally {
        await flaky.close();
      }
    });

    it('answers 401 for an invalid bearer token sent along', async () => {
      const response = await post('/api/accounts/register/', valid, {
        authorization: 'Bearer not-a-real-token-but-long-enough',
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    });

    it('answers without the trailing slash too', async () => {
      const response = await post('/api/accounts/register', valid);
      expect(response.statusCode).toBe(201);
    });

    it('gives the same answers over tRPC', async () => {
      const caller = server.caller();
      await expect(caller.accounts.register(valid)).resolves.toEqual({
        status: 'success',
        message: 'Registration successful! Please check your email to verify your account.',
      });
      const error = await caller.accounts.register(valid).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).message).toBe('User Registration failed!');
      const rest = await post('/api/accounts/register/', { ...valid, password: 'x' });
      const trpc = (await caller.accounts
        .register({ ...valid, password: 'x' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(trpc.code).toBe('BAD_REQUEST');
      expect(rest.json()).toEqual({
        status: 'failed',
        message: trpc.message,
        errors: (trpc.cause as AppError).fieldErrors,
      });
      expect(rest.json().errors).toEqual({ password: ['Password must be at least 8 characters'] });
    });
  });

  describe('GET /api/accounts/verify-email/{token}/', () => {
    async function registerAndGetLink(): Promise<string> {
      await post('/api/accounts/register/', valid);
      const email = await lastEmailTo(server, 'tanvir.hasan@example.com');
      return new URL(verificationLink(email)).pathname;
    }

    it('verifies the account and redirects to /login?verified=true, then already', async () => {
      const link = await registerAndGetLink();
      const first = await contract.inject(server.app, { method: 'GET', url: link });
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/login?verified=true');
      const user = await orm().em.fork().findOneOrFail(User, { email: 'tanvir.hasan@example.com' });
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      const second = await contract.inject(server.app, { method: 'GET', url: link });
      expect(second.headers.location).toBe('/login?verified=already');
    });

    it('redirects with verified=failed for an unknown or malformed token', async () => {
      for (const url of [
        '/api/accounts/verify-email/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/',
        '/api/accounts/verify-email/%3Cscript%3E/',
      ]) {
        const response = await contract.inject(server.app, { method: 'GET', url });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/login?verified=failed');
      }
    });

    it("lands on WEB_APP_URL's login page when the web app lives elsewhere", async () => {
      const elsewhere = await startAccountServer(db(), {
        config: { webAppUrl: 'https://app.example.com' },
      });
      try {
        await contract.inject(elsewhere.app, {
          method: 'POST',
          url: '/api/accounts/register/',
          payload: { ...valid, email: 'elsewhere@example.com' },
        });
        const email = await lastEmailTo(elsewhere, 'elsewhere@example.com');
        // The link itself is the API's (PUBLIC_URL): it verifies, then sends the browser on.
        expect(verificationLink(email)).toMatch(/^http:\/\/recipehub\.test\/api\/accounts\//);
        const link = new URL(verificationLink(email)).pathname;
        const first = await contract.inject(elsewhere.app, { method: 'GET', url: link });
        expect(first.headers.location).toBe('https://app.example.com/login?verified=true');
        for (const url of [link, '/api/accounts/verify-email/%E0%A4%A/']) {
          const again = await contract.inject(elsewhere.app, { method: 'GET', url });
          expect(again.statusCode).toBe(302);
          expect(again.headers.location).toMatch(
            /^https:\/\/app\.example\.com\/login\?verified=(already|failed)$/,
          );
        }
      } finally {
        await elsewhere.close();
      }
    });

    it('redirects with verified=failed for a link older than 3 days', async () => {
      const link = await registerAndGetLink();
      await orm()
        .em.fork()
        .nativeUpdate(EmailVerification, {}, { expiresAt: new Date(Date.now() - 1000) });
      const response = await contract.inject(server.app, { method: 'GET', url: link });
      expect(response.headers.location).toBe('/login?verified=failed');
      const user = await orm().em.fork().findOneOrFail(User, { email: 'tanvir.hasan@example.com' });
      expect(user.emailVerifiedAt).toBeNull();
    });
  });

  describe('POST /api/users/resend-verification/', () => {
    it('sends a new link to an unverified account once the cooldown is over', async () => {
      await createAccount(orm().em.fork(), { email: 'late@example.com', verified: false });
      const response = await post('/api/users/resend-verification/', { email: 'LATE@example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'success',
        message: 'If this email needs verification, a new link has been sent.',
      });
      const email = await lastEmailTo(server, 'late@example.com');
      const location = (
        await server.app.inject({ method: 'GET', url: new URL(verificationLink(email)).pathname })
      ).headers.location;
      expect(location).toBe('/login?verified=true');
    });

    it('answers 429 cooldown with the seconds left within 300 s of the last send', async () => {
      await post('/api/accounts/register/', valid);
      const response = await post('/api/users/resend-verification/', { email: valid.email });
      expect(response.statusCode).toBe(429);
      const body = response.json();
      expect(body).toMatchObject({
        status: 'cooldown',
        message: 'Please wait before requesting another verification email.',
      });
      expect(body.remaining).toBeGreaterThan(295);
      expect(body.remaining).toBeLessThanOrEqual(300);
      expect(Number(response.headers['retry-after'])).toBe(body.remaining);
    });

    it('gives unknown emails the same answers and the same cooldown', async () => {
      const first = await post('/api/accounts/resend-verification/', {
        email: 'nobody@example.com',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        status: 'success',
        message: 'If this email needs verification, a new link has been sent.',
      });
      const second = await post('/api/accounts/resend-verification/', {
        email: 'nobody@example.com',
      });
      expect(second.statusCode).toBe(429);
      expect(second.json().status).toBe('cooldown');
      expect(await readEmails(server)).not.toContainEqual(
        expect.objectContaining({ to: expect.stringContaining('nobody@example.com') }),
      );
    });

    it('sends nothing to a verified account but answers the same', async () => {
      await createAccount(orm().em.fork(), { email: 'done@example.com' });
      const response = await post('/api/users/resend-verification/', { email: 'done@example.com' });
      expect(response.statusCode).toBe(200);
      expect((await readEmails(server)).some((e) => e.to.includes('done@'))).toBe(false);
    });

    it('answers 400 for a missing email', async () => {
      const response = await post('/api/users/resend-verification/', {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Please fill in all required fields correctly',
        errors: { email: ['Email is required'] },
      });
    });

    it('lets the cooldown run out after 300 s', async () => {
      await post('/api/users/resend-verification/', { email: 'again@example.com' });
      await orm()
        .em.fork()
        .nativeUpdate(SendThrottle, {}, { lastSentAt: new Date(Date.now() - 301_000) });
      const response = await post('/api/users/resend-verification/', {
        email: 'again@example.com',
      });
      expect(response.statusCode).toBe(200);
    });

    it('gives the same cooldown over tRPC', async () => {
      await server.caller().accounts.resendVerification({ email: 'trpc@example.com' });
      const error = (await server
        .caller()
        .accounts.resendVerification({ email: 'trpc@example.com' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      expect(error.message).toBe('Please wait before requesting another verification email.');
    });
  });

  describe('register → verify → login → logout', () => {
    it('runs the whole journey with the link read back from the mail folder', async () => {
      expect((await post('/api/accounts/register/', valid)).statusCode).toBe(201);

      const early = await post('/api/accounts/login/', { email: valid.email, password: PASSWORD });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({
        status: 'unverified',
        message: 'Please verify your email before logging in.',
      });

      const email = await lastEmailTo(server, 'tanvir.hasan@example.com');
      expect(email.subject).toBe('Verify your RecipeHub email');
      const verified = await server.app.inject({
        method: 'GET',
        url: new URL(verificationLink(email)).pathname,
      });
      expect(verified.headers.location).toBe('/login?verified=true');

      const login = await post('/api/accounts/login/', {
        email: 'TANVIR.hasan@example.com',
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      const { token } = login.json() as { token: string };
      const headers = { authorization: `Bearer ${token}` };

      const profile = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/profile/',
        headers,
      });
      expect(profile.json().data).toMatchObject({
        email: 'tanvir.hasan@example.com',
        role: 'User',
      });

      const logout = await post('/api/accounts/logout/', undefined, headers);
      expect(logout.statusCode).toBe(204);
      const after = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/profile/',
        headers,
      });
      expect(after.statusCode).toBe(401);
    });
  });
});
