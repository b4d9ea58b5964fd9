/**
 * The e2e test object: every test is a different visitor with its own client address, plus
 * helpers to sign in without the login form and to call the REST API as that visitor.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { emailFiles, verificationLink, waitForEmail } from './mail';

export { expect };

export const DEMO_PASSWORD = 'recipehub-demo';
export const DEMO = {
  admin: { email: 'admin@recipehub.local', password: 'recipehub-admin' },
  chef: { email: 'nusrat.jahan@recipehub.local', password: DEMO_PASSWORD },
  chef2: { email: 'tanvir.ahmed@recipehub.local', password: DEMO_PASSWORD },
  user: { email: 'sadia.islam@recipehub.local', password: DEMO_PASSWORD },
  // Signed in and out by the session test: its logout revokes only its own token.
  sessionUser: { email: 'rakib.hasan@recipehub.local', password: DEMO_PASSWORD },
  // The password-reset test changes this one's password and revokes all its sessions: no other
  // test may use it.
  resetUser: { email: 'maliha.chowdhury@recipehub.local', password: DEMO_PASSWORD },
} as const;
export type Credentials = { email: string; password: string };

/** A fresh address per call, so a test's registration never meets another's. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

function randomClientAddress(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

interface Fixtures {
  /** This test's client address (X-Forwarded-For), also sent by `api` and `page`. */
  clientIp: string;
  /** REST calls as this visitor. */
  api: Api;
  /** Puts a session token for `who` in local storage before the first page of the test loads. */
  signInAs: (who: Credentials) => Promise<string>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  clientIp: async ({}, use) => {
    await use(randomClientAddress());
  },
  /*
   * The server limits register, login, contact, send-otp... per client address and trusts
   * X-Forwarded-For from loopback here (TRUST_PROXY=loopback in playwright.config.ts, as behind a
   * proxy in production). Every test is a different visitor, so
   * each sends its own address: the suite never meets a limit that a real person would not, and a
   * rerun against the same server starts with clean counters.
   */
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },
  api: async ({ playwright, clientIp, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
    });
    await use(new Api(request));
    await request.dispose();
  },
  signInAs: async ({ page, api }, use) => {
    await use(async (who) => {
      const token = await cachedToken(api, who);
      // Once per tab (sessionStorage survives navigations), so a later logout or 401 in the test
      // really clears it.
      await page.addInitScript((value) => {
        if (sessionStorage.getItem('e2e-signed-in')) return;
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('token', value);
      }, token);
      return token;
    });
  },
});

/*
 * Logins are also limited per account (10 per 15 minutes), and many tests need an admin or a
 * user that is not under test. A session lasts 30 days, so one token per account per run is
 * shared through the run directory; tests that log out or reset a password use their own users.
 */
export async function cachedToken(api: Api, who: Credentials): Promise<string> {
  const dir = path.join(process.env.E2E_RUN_DIR ?? '.', 'tokens');
  const file = path.join(dir, `${who.email}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const token = await api.login(who);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, token);
  return token;
}

export class Api {
  constructor(readonly request: APIRequestContext) {}

  async login({ email, password }: Credentials): Promise<string> {
    const response = await this.request.post('/api/accounts/login/', {
      data: { email, password },
    });
    const body = (await response.json()) as { status: string; token?: string; message?: string };
    if (!response.ok() || !body.token) {
      throw new Error(`login of ${email} failed: ${response.status()} ${JSON.stringify(body)}`);
    }
    return body.token;
  }

  /** Registers and verifies a new account (through the emailed link) and returns its credentials. */
  async verifiedAccount(label: string): Promise<Credentials & { firstName: string }> {
    const email = uniqueEmail(label);
    const password = 'saffron-and-cardamom';
    const firstName = 'Test';
    const before = await emailFiles();
    const response = await this.request.post('/api/accounts/register/', {
      data: { email, firstName, lastName: label, password, mobile: '' },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    const link = verificationLink(await waitForEmail(email, { seen: before }));
    const verified = await this.request.get(link, { maxRedirects: 0 });
    expect(verified.status()).toBeLessThan(400);
    return { email, password, firstName };
  }

  async contact(message: { name: string; email: string; message: string }) {
    const response = await this.request.post('/api/contact/', { data: message });
    expect(response.status(), await response.text()).toBe(201);
  }

  async createRecipe(
    token: string,
    recipe: {
      title: string;
      ingredients: string;
      instructions: string;
      category_ids: number[];
      servings?: number | null;
      img?: string | null;
      source_url?: string | null;
    },
  ): Promise<{ id: number; title: string }> {
    const response = await this.request.post('/api/recipes/lists/', {
      headers: { authorization: `Bearer ${token}` },
      data: recipe,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number; title: string };
  }

  async categories(): Promise<{ id: number; name: string }[]> {
    const response = await this.request.get('/api/recipes/categories/');
    const body = (await response.json()) as
      { id: number; name: string }[] | { results: { id: number; name: string }[] };
    return Array.isArray(body) ? body : body.results;
  }

  /**
   * The oldest recipe: one the seed wrote, which no test edits or deletes. The newest one may be
   * another test's, running at the same time on the same server, and gone a moment later.
   */
  async seededRecipe(): Promise<{ id: number; title: string }> {
    const first = await this.request.get('/api/recipes/lists/?page=1');
    const { count } = (await first.json()) as { count: number };
    const lastPage = Math.max(1, Math.ceil(count / 10));
    const response = await this.request.get(`/api/recipes/lists/?page=${lastPage}`);
    const body = (await response.json()) as { results: { id: number; title: string }[] };
    const oldest = body.results.at(-1);
    if (!oldest) throw new Error('the seeded database has no recipes');
    return oldest;
  }
}

/** The toast (spec §8) with exactly this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}
