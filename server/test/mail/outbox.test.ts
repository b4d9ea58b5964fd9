import { setTimeout as sleep } from 'node:timers/promises';
import type { TransactionEventArgs } from '@mikro-orm/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, Orm } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { enqueueMail } from '../../src/mail/enqueue-mail.js';
import type { OutgoingEmail } from '../../src/mail/mailer.js';
import { OutboxMail } from '../../src/mail/outbox-mail.entity.js';
import {
  DEFAULT_OUTBOX_SETTINGS,
  claimDueMail,
  lockDueMail,
  createMailOutbox,
  type MailOutboxOptions,
} from '../../src/mail/outbox-worker.js';
import { EmailVerification } from '../../src/modules/accounts/email-verification.entity.js';
import { MailRequest } from '../../src/modules/accounts/mail-request.entity.js';
import { resolveMailRequests } from '../../src/modules/accounts/mail-requests.js';
import { OneTimeCode } from '../../src/modules/accounts/one-time-code.entity.js';
import { SendThrottle } from '../../src/modules/accounts/send-throttle.entity.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  GENEROUS_LIMITS,
  PASSWORD,
  createAccount,
  readEmails,
  useAccountServer,
  verificationLink,
} from '../support/account-server.js';
import { buildTestApp } from '../support/build-test-app.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const registration = {
  email: 'outbox@example.com',
  firstName: 'Nusrat',
  lastName: 'Jahan',
  password: PASSWORD,
};

/** A log that keeps its lines, so tests can check what the worker reported. */
function recordingLog() {
  const lines: { level: 'warn' | 'error'; message: string }[] = [];
  return {
    lines,
    log: {
      warn: (_fields: object, message: string) => void lines.push({ level: 'warn', message }),
      error: (_fields: object, message: string) => void lines.push({ level: 'error', message }),
    } as MailOutboxOptions['log'],
  };
}

/** A mail server that can be switched off; it keeps what it accepted. */
function switchableMailer() {
  const mailer = {
    up: true,
    calls: 0,
    delivered: [] as OutgoingEmail[],
    async send(email: OutgoingEmail) {
      mailer.calls++;
      if (!mailer.up) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      mailer.delivered.push(email);
    },
  };
  return mailer;
}

async function queueMails(orm: Orm, count: number): Promise<void> {
  await orm.em.fork().transactional(async (tx) => {
    for (let i = 0; i < count; i++) {
      enqueueMail(tx, {
        purpose: 'test',
        to: `m${i}@example.com`,
        subject: `mail ${i}`,
        text: 'hi',
      });
    }
  });
}

forEachDatabase(({ orm, dialect, database, db }) => {
  const server = useAccountServer(db);

  // Fails the next commit once armed, after checking that the outbox row is inside the
  // transaction: the failure happens after every row of the registration has been written.
  let failNextCommit = false;
  let outboxRowsAtFailure = -1;
  beforeAll(() => {
    orm()
      .em.getEventManager()
      .registerSubscriber({
        async beforeTransactionCommit({ em }: TransactionEventArgs) {
          if (!failNextCommit) return;
          failNextCommit = false;
          outboxRowsAtFailure = await em.count(OutboxMail, {});
          throw new Error('the database went away at commit');
        },
      });
  });

  describe('POST /api/accounts/register/ and the outbox', () => {
    it('queues the verification mail in the registration transaction', async () => {
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/register/',
        payload: registration,
      });
      expect(response.statusCode).toBe(201);
      const queued = await orm()
        .em.fork()
        .findOneOrFail(OutboxMail, { id: { $gt: 0 } });
      expect(queued).toMatchObject({
        purpose: 'verify-email',
        recipient: 'outbox@example.com',
        subject: 'Verify your RecipeHub email',
        status: 'pending',
        attempts: 0,
      });
      expect(queued.body).toContain('/api/accounts/verify-email/');
    });

    it('rolls back wholly when the transaction fails after the outbox row: no user, no mail', async () => {
      failNextCommit = true;
      // A server fault, not a client's doing: the document lists no 500, so no contract check.
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: registration,
      });
      expect(outboxRowsAtFailure).toBe(1);
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('went away');
      const em = orm().em.fork();
      expect(await em.count(User, {})).toBe(0);
      expect(await em.count(Profile, {})).toBe(0);
      expect(await em.count(EmailVerification, {})).toBe(0);
      expect(await em.count(SendThrottle, {})).toBe(0);
      expect(await em.count(OutboxMail, {})).toBe(0);
      expect(await readEmails(server)).toEqual([]);
    });
  });

  describe('delivery', () => {
    it('keeps the mail through an SMTP outage, retries it with backoff and delivers it after', async () => {
      await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/register/',
        payload: registration,
      });
      const smtp = switchableMailer();
      smtp.up = false;
      let clock = new Date();
      const { log, lines } = recordingLog();
      const outbox = createMailOutbox({ database: db(), mailer: smtp, log, now: () => clock });
      const row = () =>
        orm().em.fork().findOneOrFail(OutboxMail, { recipient: registration.email });
      const later = (ms: number) => new Date(clock.getTime() + ms);

      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await row()).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: later(30_000),
        lockedUntil: null,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      });
      expect(lines).toEqual([
        { level: 'warn', message: expect.stringContaining('retrying in 30 s') },
      ]);

      // Not before its time.
      clock = later(29_000);
      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.calls).toBe(1);

      // Each further failure doubles the wait.
      clock = later(1_000);
      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await row()).toMatchObject({ attempts: 2, nextAttemptAt: later(60_000) });
      clock = later(60_000);
      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await row()).toMatchObject({ attempts: 3, nextAttemptAt: later(120_000) });

      smtp.up = true;
      clock = later(120_000);
      expect(await outbox.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.delivered).toHaveLength(1);
      const link = verificationLink({ to: '', subject: '', text: smtp.delivered[0]?.text ?? '' });
      const verified = await server.app.inject({ method: 'GET', url: new URL(link).pathname });
      expect(verified.headers.location).toBe('/login?verified=true');

      // Delivered: the secret-bearing body is gone, the audit trail stays.
      expect(await row()).toMatchObject({
        status: 'sent',
        body: '',
        attempts: 4,
        sentAt: clock,
        lastError: null,
        purpose: 'verify-email',
        recipient: registration.email,
        subject: 'Verify your RecipeHub email',
      });
      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.calls).toBe(4);
    });

    it('marks a mail failed after the last attempt, logs it and keeps it', async () => {
      await queueMails(orm(), 1);
      const smtp = switchableMailer();
      smtp.up = false;
      let clock = new Date();
      const { log, lines } = recordingLog();
      const outbox = createMailOutbox({
        database: db(),
        mailer: smtp,
        log,
        now: () => clock,
        settings: { maxAttempts: 3 },
      });
      for (let attempt = 1; attempt <= 3; attempt++) {
        await outbox.drain();
        clock = new Date(clock.getTime() + 3_600_000);
      }
      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.calls).toBe(3);
      const failed = await orm()
        .em.fork()
        .findOneOrFail(OutboxMail, { id: { $gt: 0 } });
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: 3,
        body: 'hi',
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        sentAt: null,
      });
      expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'error']);
      expect(lines.at(-1)?.message).toContain('marked failed');

      // docs/operations.md's way to send failed mail again: back to pending, attempts reset.
      await orm()
        .em.fork()
        .nativeUpdate(OutboxMail, { status: 'failed' }, { status: 'pending', attempts: 0 });
      smtp.up = true;
      expect(await outbox.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    });

    it("takes over a crashed worker's mail once its lease runs out", async () => {
      await queueMails(orm(), 1);
      const start = new Date();
      const settings = DEFAULT_OUTBOX_SETTINGS;
      // A worker claims the mail and dies before sending it.
      const claimed = await claimDueMail(db(), { now: start, lockToken: 'crashed', settings });
      expect(claimed).toHaveLength(1);

      const smtp = switchableMailer();
      let clock = new Date(start.getTime() + settings.leaseMs - 1);
      const outbox = createMailOutbox({
        database: db(),
        mailer: smtp,
        log: recordingLog().log,
        now: () => clock,
      });
      expect(await outbox.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock = new Date(start.getTime() + settings.leaseMs);
      expect(await outbox.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.delivered).toHaveLength(1);
      expect(
        await orm()
          .em.fork()
          .findOneOrFail(OutboxMail, { id: { $gt: 0 } }),
      ).toMatchObject({
        status: 'sent',
        attempts: 2,
      });
    });

    it('never sends one mail twice when two workers drain at once', async () => {
      const mails = 40;
      await queueMails(orm(), mails);
      // On MariaDB the second worker is another process in spirit: its own ORM and connections.
      // In-memory SQLite exists on one connection only, so both workers share it there.
      const other =
        dialect === 'mysql' ? await openAppDatabase(database(), { migrate: false }) : db();
      try {
        // Connected before the race starts, so neither worker waits for a first connection.
        await other.orm.em.getConnection().execute('select 1');
        const sentBy = new Map<string, string[]>();
        const workerOn = (name: string, worker: Database) =>
          createMailOutbox({
            database: worker,
            log: recordingLog().log,
            settings: { batchSize: 4 },
            mailer: {
              async send(email) {
                await sleep(5);
                sentBy.set(email.subject, [...(sentBy.get(email.subject) ?? []), name]);
              },
            },
          });
        const reports = await Promise.all([
          workerOn('a', db()).drain(),
          workerOn('b', other).drain(),
        ]);

        const twice = [...sentBy].filter(([, workers]) => workers.length > 1);
        expect(twice).toEqual([]);
        expect(sentBy.size).toBe(mails);
        expect(reports[0].sent + reports[1].sent).toBe(mails);
        // Both really worked at the same time.
        expect(reports[0].sent).toBeGreaterThan(0);
        expect(reports[1].sent).toBeGreaterThan(0);
        expect(await orm().em.fork().count(OutboxMail, { status: 'sent' })).toBe(mails);
      } finally {
        if (other !== db()) await other.close();
      }
    });
  });

  describe('mail requests (send-otp, resend-verification)', () => {
    it('become one mail per account, none for unknown emails, resolved once by two workers', async () => {
      const known = ['k1@example.com', 'k2@example.com', 'k3@example.com', 'k4@example.com'];
      for (const email of known) await createAccount(orm().em.fork(), { email });
      const asked = [...known, 'u1@example.com', 'u2@example.com', 'u3@example.com'];
      for (const email of [...asked, ...asked]) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/accounts/send-otp/',
          payload: { email },
        });
        expect(response.statusCode).toBe(200);
      }
      expect(await orm().em.fork().count(MailRequest, {})).toBe(asked.length * 2);

      const other =
        dialect === 'mysql' ? await openAppDatabase(database(), { migrate: false }) : db();
      try {
        await other.orm.em.getConnection().execute('select 1');
        const sent: string[] = [];
        const workerOn = (worker: Database) =>
          createMailOutbox({
            database: worker,
            log: recordingLog().log,
            mailer: { send: async (email) => void sent.push(email.to) },
            beforeDelivery: (now) => resolveMailRequests(worker, server.config, now),
          });
        await Promise.all([workerOn(db()).drain(), workerOn(other).drain()]);
        // Two requests per known email: two codes (the first retired by the second), two mails.
        expect(sent.sort()).toEqual([...known, ...known].sort());
        const em = orm().em.fork();
        expect(await em.count(MailRequest, {})).toBe(0);
        expect(await em.count(OneTimeCode, { usedAt: null })).toBe(known.length);
      } finally {
        if (other !== db()) await other.close();
      }
    });
  });

  describe('claims on MySQL/MariaDB', () => {
    // SQLite has one connection per process, so a claim there never meets another open one.
    it.skipIf(dialect !== 'mysql')(
      'skip the rows another open claim holds instead of waiting for it (SKIP LOCKED)',
      async () => {
        await queueMails(orm(), 8);
        const other = await openAppDatabase(database(), { migrate: false });
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        let claimOpen: () => void = () => undefined;
        const opened = new Promise<void>((resolve) => (claimOpen = resolve));
        // Another worker's claim, stuck inside its transaction while it holds four rows.
        const em = orm().em.fork();
        const stuck = em.transactional(async (tx) => {
          await lockDueMail(db(), tx, new Date(), 4);
          claimOpen();
          await held;
        }, db().claimIsolation);
        try {
          await opened;
          const started = Date.now();
          const claimed = await claimDueMail(other, {
            now: new Date(),
            lockToken: 'second',
            settings: DEFAULT_OUTBOX_SETTINGS,
          });
          // Without SKIP LOCKED this waits for the lock (innodb_lock_wait_timeout, 50 s).
          expect(Date.now() - started).toBeLessThan(2_000);
          expect(claimed.map((mail) => mail.subject)).toEqual([
            'mail 4',
            'mail 5',
            'mail 6',
            'mail 7',
          ]);
        } finally {
          release();
          await stuck;
          await other.close();
        }
      },
      10_000,
    );
  });

  describe('the worker in the app', () => {
    it('delivers right after the commit that queued the mail', async () => {
      const sent: OutgoingEmail[] = [];
      const app = await buildTestApp(
        db(),
        {},
        { mailer: { send: async (email) => void sent.push(email) }, rateLimits: GENEROUS_LIMITS },
      );
      try {
        // The poll interval is 5 s: arriving well before that shows the commit woke the worker.
        const started = Date.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/accounts/register/',
          payload: registration,
        });
        expect(response.statusCode).toBe(201);
        await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 2_000, interval: 10 });
        expect(Date.now() - started).toBeLessThan(DEFAULT_OUTBOX_SETTINGS.pollIntervalMs);
      } finally {
        await app.close();
      }
    });

    it('lets the mail being sent finish and records it before the app has closed', async () => {
      let sending = false;
      const app = await buildTestApp(
        db(),
        {},
        {
          mailer: {
            async send() {
              sending = true;
              await sleep(300);
            },
          },
          rateLimits: GENEROUS_LIMITS,
        },
      );
      await app.inject({ method: 'POST', url: '/api/accounts/register/', payload: registration });
      await vi.waitFor(() => expect(sending).toBe(true), { timeout: 2_000, interval: 10 });
      await app.close();
      expect(
        await orm()
          .em.fork()
          .findOneOrFail(OutboxMail, { id: { $gt: 0 } }),
      ).toMatchObject({
        status: 'sent',
        lockToken: null,
      });
    });
  });
});
