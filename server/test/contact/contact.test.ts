import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../src/modules/contact/contact-message.entity.js';
import { bearer, createAccount, loginToken, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const message = {
  name: 'Farhana Akter',
  email: 'Farhana@Example.com',
  message: 'Could you add more vegetarian khichuri recipes?',
};

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    contract.inject(server.app, {
      method: 'POST',
      url: '/api/contact/',
      payload: payload as object,
      headers,
    });

  describe('POST /api/contact/', () => {
    it('stores the message for anonymous visitors and answers 201', async () => {
      const response = await send(message);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        message: 'Message sent successfully!',
        data: {
          id: expect.any(Number),
          name: 'Farhana Akter',
          email: 'farhana@example.com',
          message: 'Could you add more vegetarian khichuri recipes?',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });
      expect(await orm().em.fork().count(ContactMessage, {})).toBe(1);
    });

    it('answers 400 problem details with a message per missing field', async () => {
      const response = await send({ name: ' ', email: '', message: '' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toEqual({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Please fix the highlighted fields.',
        errors: {
          name: ['Name is required'],
          email: ['Email is required'],
          message: ['Message is required'],
        },
        // Each field's messages again at the top level, where the original API's clients look.
        name: ['Name is required'],
        email: ['Email is required'],
        message: ['Message is required'],
      });
    });

    it('answers 400 for an invalid email and over-long fields', async () => {
      const response = await send({
        name: 'x'.repeat(101),
        email: 'nope',
        message: 'y'.repeat(5001),
      });
      expect(response.json().errors).toEqual({
        name: ['Name must be at most 100 characters.'],
        email: ['Enter a valid email address.'],
        message: ['Message must be at most 5000 characters.'],
      });
    });

    it('gives the same results over tRPC', async () => {
      const result = await server.caller().contact.create(message);
      expect(result).toMatchObject({ message: 'Message sent successfully!' });
      const error = (await server
        .caller()
        .contact.create({ ...message, email: 'nope' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe('Please fix the highlighted fields.');
    });
  });

  describe('GET /api/contact/messages/', () => {
    it('lists messages newest first for an Admin', async () => {
      await createAccount(orm().em.fork(), { email: 'admin@example.com', role: 'Admin' });
      const admin = await loginToken(server.app, 'admin@example.com');
      const em = orm().em.fork();
      em.create(ContactMessage, {
        name: 'Old',
        email: 'old@example.com',
        message: 'first',
        createdAt: new Date('2025-01-01T00:00:00Z'),
      });
      em.create(ContactMessage, {
        name: 'New',
        email: 'new@example.com',
        message: 'second',
        createdAt: new Date('2025-02-01T00:00:00Z'),
      });
      await em.flush();
      const response = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/contact/messages/',
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      // Private messages: no cache may keep them.
      expect(response.headers['cache-control']).toBe('no-store');
      expect((response.json() as { name: string }[]).map((m) => m.name)).toEqual(['New', 'Old']);
      expect(await server.caller(admin).contact.list()).toEqual(response.json());
    });

    it('answers 403 problem details for a Chef and 401 for anonymous callers', async () => {
      await createAccount(orm().em.fork(), { email: 'chef@example.com', role: 'Chef' });
      const chef = await loginToken(server.app, 'chef@example.com');
      const forbidden = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/contact/messages/',
        headers: bearer(chef),
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().detail).toBe('You do not have permission to view this page.');
      const anonymous = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/contact/messages/',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
