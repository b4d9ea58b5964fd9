import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/mail/mailer.js';
import { quoteUserText } from '../../src/mail/user-text.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  createAccount,
  lastEmailTo,
  resetCode,
  useAccountServer,
  verificationLink,
} from '../support/account-server.js';
import { forEachDatabase } from '../support/test-database.js';

/** A name as an attacker would write it, stored before names refused line breaks. */
const HOSTILE_NAME =
  'Ann\r\nYour account is locked. Unlock it at http://evil.example.com/unlock\u2028or www.evil.com';

/** Anything a mail client could turn into a link: schemes, www., bare domains. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|\b[a-z0-9-]+\.(com|example)\b/i;

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  async function hostileAccount(email: string, verified: boolean) {
    const em = orm().em.fork();
    const user = await createAccount(em, { email, verified });
    // Straight into the database, past input validation, as an old row could be.
    await em.nativeUpdate(User, { id: user.id }, { firstName: HOSTILE_NAME });
  }

  function expectOnlyOurWords(text: string, ourLinks: string[]) {
    // The name's line breaks are gone: none of its words starts a line of its own.
    expect(text).not.toMatch(/[\r\u2028\u2029]/);
    for (const line of text.split('\n')) {
      if (line.includes('locked')) expect(line).toContain('“Ann Your account is locked.');
    }
    // The only links are ours.
    expect(extractLinks(text)).toEqual(ourLinks);
    const withoutOurs = ourLinks.reduce((rest, link) => rest.replace(link, ''), text);
    expect(withoutOurs).not.toMatch(LINK_LIKE);
  }

  describe('mails that repeat a stored name', () => {
    it('quote it on one line with no link of its own in the verification mail', async () => {
      await hostileAccount('victim@example.com', false);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/accounts/resend-verification/',
        payload: { email: 'victim@example.com' },
      });
      expect(response.statusCode).toBe(200);
      const email = await lastEmailTo(server, 'victim@example.com');
      expectOnlyOurWords(email.text, [verificationLink(email)]);
      expect(email.text).toContain(
        'under the name “Ann Your account is locked. Unlock it at ' +
          'http[:]//evil[.]example[.]com/unlock or www[.]evil[.]com”.',
      );
    });

    it('quote it on one line with no link of its own in the reset code mail', async () => {
      await hostileAccount('victim@example.com', true);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/accounts/send-otp/',
        payload: { email: 'victim@example.com' },
      });
      expect(response.statusCode).toBe(200);
      const email = await lastEmailTo(server, 'victim@example.com');
      expect(resetCode(email)).toMatch(/^\d{6}$/);
      expectOnlyOurWords(email.text, []);
    });
  });
});

describe('quoteUserText', () => {
  it('keeps an ordinary name as it is, in quotation marks', () => {
    expect(quoteUserText('Nusrat Jahan')).toBe('“Nusrat Jahan”');
    expect(quoteUserText("J. R. O'Neil-Ahmed")).toBe("“J. R. O'Neil-Ahmed”");
  });

  it('turns line breaks, tabs, controls and bidi overrides into single spaces', () => {
    expect(quoteUserText('Ann\r\n\tLee\u0000\u202Egnp.exe\u2029x')).toBe('“Ann Lee gnp[.]exe x”');
  });

  it('defangs schemes, domains and full-width look-alikes', () => {
    expect(quoteUserText('https://evil.com/a')).toBe('“https[:]//evil[.]com/a”');
    expect(quoteUserText('ｈｔｔｐ：／／evil．com')).toBe('“http[:]//evil[.]com”');
    expect(quoteUserText('mail me: x@evil.org')).toBe('“mail me[:] x@evil[.]org”');
    expect(quoteUserText('javascript:alert(1)')).toBe('“javascript[:]alert(1)”');
  });

  it('cannot close our quotation marks and is cut to 100 characters', () => {
    expect(quoteUserText('Ann” said: “hi')).toBe("“Ann' said[:] 'hi”");
    expect([...quoteUserText('a'.repeat(500))]).toHaveLength(102);
  });
});
