import type { TRPCError } from '@trpc/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAccount, loginToken, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let admin: string;
  let chef: string;
  beforeEach(async () => {
    const em = orm().em.fork();
    await createAccount(em, { email: 'admin@example.com', role: 'Admin' });
    await createAccount(em, { email: 'chef@example.com', role: 'Chef' });
    await createAccount(em, { email: 'user@example.com', role: 'User' });
    admin = await loginToken(server.app, 'admin@example.com');
    chef = await loginToken(server.app, 'chef@example.com');
  });

  const get = (url: string, token?: string) =>
    contract.inject(server.app, { method: 'GET', url, headers: token ? bearer(token) : {} });
  const setRole = (email: string, role: unknown, token = admin) =>
    contract.inject(server.app, {
      method: 'PUT',
      url: `/api/accounts/profile/${encodeURIComponent(email)}/update-role/`,
      payload: { role },
      headers: bearer(token),
    });

  describe('GET /api/accounts/profile/all/', () => {
    it('lists every user with their profile for an Admin', async () => {
      const response = await get('/api/accounts/profile/all/', admin);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { status: string; data: { email: string; role: string }[] };
      expect(body.status).toBe('success');
      expect(body.data.map((u) => [u.email, u.role])).toEqual([
        ['admin@example.com', 'Admin'],
        ['chef@example.com', 'Chef'],
        ['user@example.com', 'User'],
      ]);
      expect(await server.caller(admin).accounts.users.list()).toEqual(body);
    });

    it('answers 403 in the account envelope for a Chef', async () => {
      const response = await get('/api/accounts/profile/all/', chef);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'You do not have permission to perform this action.',
      });
      const trpc = (await server
        .caller(chef)
        .accounts.users.list()
        .catch((e: unknown) => e)) as TRPCError;
      expect(trpc.code).toBe('FORBIDDEN');
    });

    it('answers 401 for anonymous callers', async () => {
      expect((await get('/api/accounts/profile/all/')).statusCode).toBe(401);
    });
  });

  describe('GET /api/accounts/profile/{email}/', () => {
    it('answers one user’s profile, email case-insensitive', async () => {
      const response = await get('/api/accounts/profile/CHEF@example.com/', admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ email: 'chef@example.com', role: 'Chef' });
      expect(await server.caller(admin).accounts.users.get({ email: 'chef@example.com' })).toEqual(
        response.json(),
      );
    });

    it('answers 404 User not found. for an unknown email', async () => {
      const response = await get('/api/accounts/profile/ghost@example.com/', admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', message: 'User not found.' });
    });

    it('answers 400 for a value that is not an email', async () => {
      const response = await get('/api/accounts/profile/not-an-email/', admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ email: ['Enter a valid email address.'] });
    });
  });

  describe('PUT /api/accounts/profile/{email}/update-role/', () => {
    it('changes the role, effective on that user’s next request', async () => {
      const before = await get('/api/accounts/profile/all/', chef);
      expect(before.statusCode).toBe(403);
      const response = await setRole('chef@example.com', 'Admin');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'success',
        message: 'Role updated successfully!',
        data: { email: 'chef@example.com', role: 'Admin' },
      });
      // Same token, next request: the role comes from the database.
      expect((await get('/api/accounts/profile/all/', chef)).statusCode).toBe(200);
    });

    it('answers 400 User is already a <role> for the same role', async () => {
      const response = await setRole('chef@example.com', 'Chef');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'User is already a Chef',
        errors: { role: ['User is already a Chef'] },
      });
    });

    it('answers 400 for an unknown role', async () => {
      const response = await setRole('chef@example.com', 'Emperor');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ role: ['Role must be Admin, Chef or User.'] });
    });

    it('answers 409 when demoting the last Admin', async () => {
      const response = await setRole('admin@example.com', 'User');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'The last Admin cannot be demoted.',
      });
      // With a second Admin it is allowed.
      await setRole('chef@example.com', 'Admin');
      expect((await setRole('admin@example.com', 'User')).statusCode).toBe(200);
    });

    it('answers 404 for an unknown user and 403 for a non-Admin', async () => {
      expect((await setRole('ghost@example.com', 'Chef')).statusCode).toBe(404);
      expect((await setRole('user@example.com', 'Admin', chef)).statusCode).toBe(403);
    });

    it('asks an anonymous caller with a bad body to log in (401) on both faces', async () => {
      // A call with a body asks for a login before reading it (server/README.md).
      const response = await contract.inject(server.app, {
        method: 'PUT',
        url: '/api/accounts/profile/not-an-email/update-role/',
        payload: { role: 'Emperor' },
      });
      expect(response.statusCode).toBe(401);
      const trpc = (await server
        .caller()
        .accounts.users.updateRole({ email: 'not-an-email', role: 'Emperor' as 'Chef' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(trpc.code).toBe('UNAUTHORIZED');
    });

    it('reads the body before the role: a member learns what is wrong with it', async () => {
      expect((await setRole('chef@example.com', 'Emperor', chef)).statusCode).toBe(400);
    });

    it('gives the same results over tRPC', async () => {
      const result = await server
        .caller(admin)
        .accounts.users.updateRole({ email: 'user@example.com', role: 'Chef' });
      expect(result.data.role).toBe('Chef');
      const same = (await server
        .caller(admin)
        .accounts.users.updateRole({ email: 'user@example.com', role: 'Chef' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(same.code).toBe('BAD_REQUEST');
      expect(same.message).toBe('User is already a Chef');
      const last = (await server
        .caller(admin)
        .accounts.users.updateRole({ email: 'admin@example.com', role: 'Chef' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(last.code).toBe('CONFLICT');
    });
  });
});
