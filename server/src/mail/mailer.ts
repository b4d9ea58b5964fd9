import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailDir: string;
  from?: string;
  logger: Pick<FastifyBaseLogger, 'info'>;
}

const DEFAULT_FROM = 'RecipeHub <no-reply@recipehub.local>';

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP when SMTP_URL is set; otherwise each email becomes an .eml file under MAIL_DIR and its
 * subject and links are logged, so a developer without a mail server can still follow a link.
 * (Links are logged only in this file mode: with real SMTP, tokens stay out of the logs.)
 */
export function createMailer({
  smtpUrl,
  mailDir,
  from = DEFAULT_FROM,
  logger,
}: MailerOptions): Mailer {
  if (smtpUrl) {
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket; the outbox worker's
    // lease (outbox-worker.ts) must outlast a batch of sends, so a send gives up much sooner.
    // Query parameters in SMTP_URL (e.g. `?socketTimeout=60000`) still override these.
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(email) {
        await transport.sendMail({ from, ...email });
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(email) {
      const info = await transport.sendMail({ from, ...email });
      await mkdir(mailDir, { recursive: true });
      // Time first so a directory listing sorts oldest to newest.
      const file = path.join(
        mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info(
        { to: email.to, subject: email.subject, links: extractLinks(email.text), file },
        'email written',
      );
    },
  };
}

export function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
