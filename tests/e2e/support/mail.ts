/**
 * Reads the emails the server writes as .eml files into MAIL_DIR (no SMTP_URL in the e2e run),
 * so a test can follow a verification link or type a reset code like a person reading their inbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ReceivedEmail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through tests/e2e/playwright.config.ts');
  return dir;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every email in the mail folder, oldest first (file names start with the time). */
export async function readEmails(dir = mailDir()): Promise<ReceivedEmail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const emails: ReceivedEmail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const header = (name: string) =>
      new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    const body = rest.join('\n\n');
    emails.push({
      file,
      to: header('To'),
      subject: header('Subject'),
      text: /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body,
    });
  }
  return emails;
}

/**
 * Waits (polling) for an email to `to` whose file is not in `seen` — pass the files that existed
 * before the action, so an older email to the same address is never taken for the new one.
 */
export async function waitForEmail(
  to: string,
  { subject, seen = new Set<string>(), timeoutMs = 8_000 } = {} as {
    subject?: RegExp;
    seen?: Set<string>;
    timeoutMs?: number;
  },
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = (await readEmails())
      .filter((e) => e.to.toLowerCase().includes(to.toLowerCase()) && !seen.has(e.file))
      .filter((e) => !subject || subject.test(e.subject))
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(
        `no new email to ${to} in ${mailDir()} after ${timeoutMs} ms (a reused server writes its mail elsewhere: stop it)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The names of the email files present now (to tell new emails from old ones). */
export async function emailFiles(): Promise<Set<string>> {
  return new Set((await readEmails()).map((e) => e.file));
}

export function verificationLink(email: ReceivedEmail): string {
  const link = /https?:\/\/\S+\/api\/accounts\/verify-email\/[A-Za-z0-9_-]+\//.exec(
    email.text,
  )?.[0];
  if (!link) throw new Error(`no verification link in: ${email.text}`);
  return link;
}

export function resetCode(email: ReceivedEmail): string {
  const code = /code is (\d{6})/.exec(email.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${email.text}`);
  return code;
}
