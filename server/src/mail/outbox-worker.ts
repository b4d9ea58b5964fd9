import { randomBytes } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Orm } from '../db/database.js';
import { outsideRequestDeadline } from '../db/request-deadline.js';
import type { Mailer } from './mailer.js';
import { OutboxMail } from './outbox-mail.entity.js';

export interface OutboxSettings {
  /** How often the worker looks for due mail when nobody wakes it (other processes' mail, retries). */
  pollIntervalMs: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one, up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /**
   * How long a claim holds a mail. Longer than a batch can take to send (the SMTP transport's
   * timeouts in mailer.ts bound one send to well under a minute), so a live worker never loses its
   * claim; a crashed worker's mail is picked up again once the lease runs out.
   */
  leaseMs: number;
  /** Mails claimed per transaction. */
  batchSize: number;
}

/**
 * 12 attempts, 30 s after the first failure and doubling up to an hour: a mail is retried for
 * about five hours (30 s + 1 + 2 + 4 + 8 + 16 + 32 min + 4 × 1 h) before it is marked failed.
 */
export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  pollIntervalMs: 5_000,
  maxAttempts: 12,
  firstBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  leaseMs: 10 * 60_000,
  batchSize: 10,
};

export interface DrainReport {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time: marked `failed`. */
  failed: number;
}

export interface MailOutbox {
  /** Starts the background worker: a pass now, then one every poll interval and on every wake. */
  start(): void;
  /** Asks the running worker for a pass soon (after a commit that enqueued mail). */
  wake(): void;
  /**
   * Delivers every mail that is due now, after any pass already under way in this process, and
   * reports what happened. Works whether or not the worker is started (tests call it directly).
   */
  drain(): Promise<DrainReport>;
  /** Stops the worker and waits for the pass under way, if any. */
  stop(): Promise<void>;
}

export interface MailOutboxOptions {
  database: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  settings?: Partial<OutboxSettings>;
  /** The clock (tests move it forward to pass backoffs and leases). */
  now?: () => Date;
  /**
   * Runs at the start of every pass, before due mail is claimed: turns stored requests into
   * mails (accounts' `resolveMailRequests`), so they leave in the same pass.
   */
  beforeDelivery?: (now: Date) => Promise<void>;
}

/** Wait before the next attempt, after `attempts` failed ones (exponential, capped). */
export function backoffMs(attempts: number, settings: OutboxSettings): number {
  return Math.min(settings.firstBackoffMs * 2 ** (attempts - 1), settings.maxBackoffMs);
}

/**
 * Reads and locks up to `limit` due mails inside the caller's claim transaction. On MySQL/MariaDB
 * `FOR UPDATE SKIP LOCKED`: a second worker claiming at the same moment skips the rows this one
 * holds instead of waiting for them or taking them too. SQLite has one connection per process and
 * one writer, so the transaction alone makes the claim exclusive there.
 */
export function lockDueMail(
  database: Database,
  tx: EntityManager,
  now: Date,
  limit: number,
): Promise<OutboxMail[]> {
  return tx.find(
    OutboxMail,
    {
      status: 'pending',
      nextAttemptAt: { $lte: now },
      $or: [{ lockedUntil: null }, { lockedUntil: { $lte: now } }],
    },
    {
      // The order of the (status, next_attempt_at) index, so InnoDB can walk it and stop after
      // `limit` rows instead of sorting (and locking) every due row first.
      orderBy: { nextAttemptAt: 'asc', id: 'asc' },
      limit,
      ...database.rowLock(LockMode.PESSIMISTIC_PARTIAL_WRITE),
    },
  );
}

/**
 * Claims up to `batchSize` due mails for one worker in a short transaction: each gets a lease
 * (`lockedUntil`, `lockToken`) and counts an attempt. Sending happens after the commit, so no
 * lock is held while talking to the mail server. The transaction takes the database's
 * `claimIsolation`: READ COMMITTED on MySQL, so there are no gap locks and rows the WHERE rejects
 * are unlocked at once; concurrent claims only hold the rows they take (the usual setting for a
 * queue table).
 */
export async function claimDueMail(
  database: Database,
  { now, lockToken, settings }: { now: Date; lockToken: string; settings: OutboxSettings },
): Promise<OutboxMail[]> {
  const em = database.orm.em.fork();
  return em.transactional(async (tx) => {
    const due = await lockDueMail(database, tx, now, settings.batchSize);
    const leaseEnd = new Date(now.getTime() + settings.leaseMs);
    for (const mail of due) {
      mail.lockedUntil = leaseEnd;
      mail.lockToken = lockToken;
      mail.attempts += 1;
    }
    await tx.flush();
    return due;
  }, database.claimIsolation);
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** What one delivery needs from its outbox. */
interface Delivery {
  orm: Orm;
  mailer: Mailer;
  log: MailOutboxOptions['log'];
  settings: OutboxSettings;
  now: () => Date;
}

/**
 * A failed send: marked `failed` after the last attempt, else given its next attempt after the
 * backoff. Either way the claim is released.
 */
async function recordFailure(
  { orm, log, settings, now }: Delivery,
  mail: OutboxMail,
  lockToken: string,
  error: unknown,
  report: DrainReport,
) {
  const em = orm.em.fork();
  const mine = { id: mail.id, lockToken };
  const lastError = describeError(error);
  const context = { err: error, mailId: mail.id, purpose: mail.purpose, attempts: mail.attempts };
  if (mail.attempts >= settings.maxAttempts) {
    await em.nativeUpdate(OutboxMail, mine, {
      status: 'failed',
      lockedUntil: null,
      lockToken: null,
      lastError,
    });
    report.failed++;
    log.error(
      context,
      'mail could not be delivered and is marked failed (see the mail_outbox table)',
    );
    return;
  }
  const wait = backoffMs(mail.attempts, settings);
  await em.nativeUpdate(OutboxMail, mine, {
    nextAttemptAt: new Date(now().getTime() + wait),
    lockedUntil: null,
    lockToken: null,
    lastError,
  });
  report.retrying++;
  log.warn(context, `mail could not be delivered; retrying in ${Math.round(wait / 1000)} s`);
}

/** Sends one claimed mail and records the outcome under the claim's token. */
async function deliver(
  delivery: Delivery,
  mail: OutboxMail,
  lockToken: string,
  report: DrainReport,
) {
  try {
    await delivery.mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.body });
  } catch (error) {
    await recordFailure(delivery, mail, lockToken, error, report);
    return;
  }
  // Delivered: the body goes (it carries links and codes that must live only in the
  // recipient's mailbox, not in every database backup); who, what and when stay for audit.
  await delivery.orm.em.fork().nativeUpdate(
    OutboxMail,
    { id: mail.id, lockToken },
    {
      status: 'sent',
      body: '',
      sentAt: delivery.now(),
      lockedUntil: null,
      lockToken: null,
      lastError: null,
    },
  );
  report.sent++;
}

export function createMailOutbox({
  database,
  mailer,
  log,
  settings: overrides,
  now = () => new Date(),
  beforeDelivery,
}: MailOutboxOptions): MailOutbox {
  const settings = { ...DEFAULT_OUTBOX_SETTINGS, ...overrides };
  const delivery: Delivery = { orm: database.orm, mailer, log, settings, now };
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  // Passes run one after another in this process; `chain` is the last one queued.
  let chain: Promise<unknown> = Promise.resolve();
  let passQueued = false;

  async function deliverDue(): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, retrying: 0, failed: 0 };
    await beforeDelivery?.(now());
    for (;;) {
      const lockToken = randomBytes(16).toString('hex');
      const claimed = await claimDueMail(database, { now: now(), lockToken, settings });
      if (claimed.length === 0) return report;
      for (const mail of claimed) await deliver(delivery, mail, lockToken, report);
    }
  }

  function queuePass(): Promise<DrainReport> {
    const pass = chain.then(() => {
      passQueued = false;
      return deliverDue();
    });
    chain = pass.catch(() => undefined);
    return pass;
  }

  function wake() {
    // One queued pass is enough: it claims everything due when it starts.
    if (!running || passQueued) return;
    passQueued = true;
    // A request wakes the worker after its commit; the pass is not that request's work, so it
    // runs without the request's database deadline (request-deadline.ts).
    outsideRequestDeadline(() =>
      queuePass().catch((error: unknown) => log.error({ err: error }, 'mail outbox pass failed')),
    );
  }

  return {
    start() {
      if (running) return;
      running = true;
      timer = setInterval(wake, settings.pollIntervalMs);
      // The poll alone never keeps the process alive.
      timer.unref();
      wake();
    },
    wake,
    drain: queuePass,
    async stop() {
      running = false;
      clearInterval(timer);
      await chain;
    },
  };
}
