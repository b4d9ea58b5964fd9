import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { OutgoingEmail } from '../../src/mail/mailer.js';
import { GENEROUS_LIMITS, PASSWORD, bearer } from '../support/account-server.js';
import { testConfig } from '../support/build-test-app.js';
import { forEachDatabase } from '../support/test-database.js';

forEachDatabase(({ db }) => {
  describe('logs', () => {
    let lines = '';
    const sent: OutgoingEmail[] = [];
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => {
        lines += chunk.toString('utf8');
      });
      app = await buildApp({
        config: testConfig(mkdtempSync(path.join(tmpdir(), 'recipehub-logs-'))),
        database: db(),
        logger: { stream },
        // A mailer that keeps emails in memory (the .eml mailer logs links on purpose).
        mailer: { send: async (email) => void sent.push(email) },
        rateLimits: GENEROUS_LIMITS,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
    });

    it('never contain a password, verification token, code or session token', async () => {
      const email = 'secretive@example.com';
      const newPassword = 'another-long-passphrase';
      const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
        app.inject({ method: 'POST', url, payload, headers });

      await post('/api/accounts/register/', {
        email,
        firstName: 'S',
        lastName: 'C',
        password: PASSWORD,
      });
      // The app's own outbox worker sends the mail right after the commit.
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      const link = /verify-email\/([A-Za-z0-9_-]+)\//.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
      await app.inject({ method: 'GET', url: `/api/accounts/verify-email/${link}/` });
      const login = (await post('/api/accounts/login/', { email, password: PASSWORD })).json();
      await post('/api/accounts/send-otp/', { email });
      await vi.waitFor(() => expect(sent).toHaveLength(2));
      const otp = /reset code is (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
      const reset = (await post('/api/accounts/verify-otp/', { email, otp })).json();
      const done = (
        await post('/api/accounts/reset-password/', { password: newPassword }, bearer(reset.token))
      ).json();
      // A failing call too: error paths log more.
      await app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(login.token),
      });

      const secrets = [PASSWORD, newPassword, link, otp, login.token, reset.token, done.token];
      for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(lines).toContain('/verify-email/[redacted]');
      expect(lines).toContain('/api/accounts/reset-password/');
      for (const secret of secrets) expect(lines).not.toContain(secret);
    });
  });
});
