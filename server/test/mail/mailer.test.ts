import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, extractLinks } from '../../src/mail/mailer.js';

let mailDir: string;
afterEach(() => rmSync(mailDir, { recursive: true, force: true }));

describe('createMailer without SMTP_URL', () => {
  it('writes each email as an .eml file and logs its subject and links', async () => {
    mailDir = path.join(mkdtempSync(path.join(tmpdir(), 'recipehub-mail-')), 'nested');
    const logged: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      mailDir,
      logger: { info: (entry: unknown) => logged.push(entry) } as never,
    });

    await mailer.send({
      to: 'cook@example.com',
      subject: 'Verify your email',
      text: 'Open http://localhost:3000/api/accounts/verify-email/abc123/ to verify.',
    });

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(mailDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: cook@example.com');
    expect(eml).toContain('Subject: Verify your email');
    expect(eml).toContain('http://localhost:3000/api/accounts/verify-email/abc123/');
    expect(logged).toEqual([
      expect.objectContaining({
        subject: 'Verify your email',
        links: ['http://localhost:3000/api/accounts/verify-email/abc123/'],
      }),
    ]);
  });
});

describe('extractLinks', () => {
  it('finds http and https links and nothing else', () => {
    expect(extractLinks('a https://x.test/a?b=1 b mailto:x@y.z http://y.test/ c')).toEqual([
      'https://x.test/a?b=1',
      'http://y.test/',
    ]);
  });
});
