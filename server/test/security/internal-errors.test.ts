import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { INTERNAL_ERROR_DETAIL } from '../../src/errors/app-error.js';
import { serializeErrorForLog } from '../../src/errors/log-safe-error.js';
import { GENEROUS_LIMITS, PASSWORD } from '../support/account-server.js';
import { testConfig } from '../support/build-test-app.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

const TRIGGER_MESSAGE = 'refused by the test trigger';

/** What must never be in an answer to a failure on our side. */
function expectNothingInternal(body: string, email: string) {
  for (const leak of [
    TRIGGER_MESSAGE,
    'insert into',
    '`user`',
    'argon2',
    PASSWORD,
    email,
    'stack',
    '    at ',
    'SQLITE',
    'sqlState',
  ]) {
    expect(body).not.toContain(leak);
  }
}

forEachDatabase(({ orm, dialect, db }) => {
  describe('failures on our side', () => {
    let lines = '';
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => {
        lines += chunk.toString('utf8');
      });
      app = await buildApp({
        config: testConfig(mkdtempSync(path.join(tmpdir(), 'recipehub-internal-'))),
        database: db(),
        logger: { stream },
        mailer: { send: async () => undefined },
        rateLimits: GENEROUS_LIMITS,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
    });

    // A database error in the middle of a write: every insert into `user` fails, in the database.
    const connection = () => orm().em.getConnection();
    beforeEach(async () => {
      await clearTables(orm());
      lines = '';
      await connection().execute(
        dialect === 'sqlite'
          ? `create trigger refuse_users before insert on \`user\` begin select raise(abort, '${TRIGGER_MESSAGE}'); end`
          : `create trigger refuse_users before insert on \`user\` for each row signal sqlstate '45000' set message_text = '${TRIGGER_MESSAGE}'`,
      );
    });
    afterEach(async () => {
      await connection().execute('drop trigger if exists refuse_users');
    });

    const registration = (email: string) => ({
      email,
      firstName: 'Internal',
      lastName: 'Error',
      password: PASSWORD,
    });

    it('REST answers a generic 500 problem without SQL, values or stack', async () => {
      const email = 'rest-internal@example.com';
      // Plain inject: the document lists no 500 (no client can cause one), so the contract refuses it.
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: registration(email),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 500, detail: INTERNAL_ERROR_DETAIL });
      expectNothingInternal(response.body, email);
    });

    it('tRPC answers INTERNAL_SERVER_ERROR with the same generic message and nothing else', async () => {
      const email = 'trpc-internal@example.com';
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/accounts.register',
        payload: registration(email),
      });
      expect(response.statusCode).toBe(500);
      const body = response.json() as {
        error: { message: string; data: Record<string, unknown> };
      };
      expect(body.error.message).toBe(INTERNAL_ERROR_DETAIL);
      expect(body.error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 });
      expectNothingInternal(response.body, email);
    });

    it('logs the failed statement with its placeholders and without its values', async () => {
      const email = 'logged-internal@example.com';
      await app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: registration(email),
      });
      await app.inject({
        method: 'POST',
        url: '/trpc/accounts.register',
        payload: registration(email),
      });
      const errors = lines.split('\n').filter((line) => line.includes('"level":50'));
      expect(errors.length).toBeGreaterThanOrEqual(2);
      for (const line of errors) {
        expect(line).toContain(TRIGGER_MESSAGE);
        expect(line).toMatch(/insert into `user` \([^)]*\) values \(\?/);
        expect(line).not.toContain(email);
        expect(line).not.toContain('argon2');
        expect(line).not.toContain(PASSWORD);
      }
    });
  });
});

describe('the log serializer', () => {
  it('drops quoted values and value properties from a database error and its wrappers', () => {
    // As mysql2 reports a duplicate, wrapped the way tRPC wraps an unexpected error.
    const driverError = Object.assign(
      new Error(
        "insert into `user` (`email`) values ('taken@example.com') - Duplicate entry 'taken@example.com' for key 'user_email_unique'",
      ),
      {
        code: 'ER_DUP_ENTRY',
        errno: 1062,
        sqlState: '23000',
        sqlMessage: "Duplicate entry 'taken@example.com' for key 'user_email_unique'",
        sql: "insert into `user` (`email`, `password_hash`) values ('taken@example.com', '$argon2id$v=19$secret')",
        parameters: ['taken@example.com', '$argon2id$v=19$secret'],
      },
    );
    const wrapper = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: driverError.message,
      cause: driverError,
    });
    const logged = JSON.stringify(serializeErrorForLog(wrapper));
    expect(logged).not.toContain('taken@example.com');
    expect(logged).not.toContain('argon2');
    expect(logged).toContain("for key 'user_email_unique'");
    expect(logged).toContain('ER_DUP_ENTRY');
    expect(logged).toContain('insert into `user`');
  });
});
