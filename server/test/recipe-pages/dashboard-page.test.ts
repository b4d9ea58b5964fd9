import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Session } from '../../src/auth/session.entity.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { createCategory, createRecipe } from '../support/db-factories.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** dashboard.html as web/'s prerender makes it: the tabs, then the empty lists slot. */
const DASHBOARD =
  '<!doctype html><html><head><title>RecipeHub</title></head><body><div id="root"><main class="page">' +
  '<div dir="ltr"><div role="tablist"><button id="radix-_R_l9_-trigger-my">My Recipes</button></div>' +
  '<div class="dash-lists" data-server-rendered="dashboard"></div></div></main></div></body></html>';
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const HOSTILE_TITLE = `Mum's </script><script>alert(1)</script> & <img src=x onerror=alert(2)>`;

function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'recipehub-dashboard-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'dashboard.html'), DASHBOARD);
  return dist;
}

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  beforeAll(async () => {
    server = await startAccountServer(db(), { config: { webDistDir: fakeWebBuild() } });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
  });

  /** A member with recipes, signed in as the web app does: its token and page cookie. */
  async function memberWithRecipes(email: string, titles: string[]) {
    const em = orm().em.fork();
    const user = await createAccount(em, { email });
    const curry = await createCategory(em, `Curry ${email}`);
    for (const title of titles) {
      const recipe = await createRecipe(em, user, [curry]);
      recipe.title = title;
      recipe.img = `https://images.example.com/${encodeURIComponent(title)}.jpg`;
    }
    await em.flush();
    const login = await server.app.inject({
      method: 'POST',
      url: '/trpc/accounts.login',
      payload: { email, password: PASSWORD },
    });
    const page = login.cookies.find((cookie) => cookie.name === 'recipehub_page')!.value;
    const token = (login.json() as { result: { data: { token: string } } }).result.data.token;
    return { page, token };
  }

  const dashboard = (cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/dashboard/index/', cookies, headers });

  describe('GET /dashboard/index/', () => {
    it('renders the page cookie’s member’s own first cards, private and never stored', async () => {
      const ann = await memberWithRecipes('ann@example.com', ['Ann’s Dal', 'Ann’s Pie']);
      await memberWithRecipes('bob@example.com', ['Bob’s Secret Stew']);
      const response = await dashboard({ recipehub_page: ann.page });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toContain('Ann’s Dal');
      expect(response.body).toContain('Ann’s Pie');
      expect(response.body).not.toContain('Bob’s Secret Stew');
      expect(response.body).toContain('<div class="dash-lists" data-server-rendered="dashboard">');
      // The panels are named after the prerendered tabs, as Radix names them.
      expect(response.body).toContain('id="radix-_R_l9_-content-my"');
      expect(response.body.match(/fetchpriority="high"/g)).toHaveLength(1);
      expect(response.body).toContain('Curry ann@example.com');
    });

    it('escapes what members wrote', async () => {
      const ann = await memberWithRecipes('ann@example.com', [HOSTILE_TITLE]);
      const response = await dashboard({ recipehub_page: ann.page });
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).not.toContain('<img src=x');
      expect(response.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('compresses it when the browser accepts Brotli', async () => {
      const ann = await memberWithRecipes('ann@example.com', ['Ann’s Dal']);
      const response = await server.app.inject({
        method: 'GET',
        url: '/dashboard/index/',
        cookies: { recipehub_page: ann.page },
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Ann’s Dal');
    });

    it('sends the plain shell without a cookie, or with an unknown, malformed or revoked one', async () => {
      const ann = await memberWithRecipes('ann@example.com', ['Ann’s Dal']);
      const cases: Record<string, string>[] = [
        {},
        { recipehub_page: 'A'.repeat(43) },
        { recipehub_page: '<script>' },
        // The API token is not a page token either.
        { recipehub_page: ann.token },
      ];
      for (const cookies of cases) {
        const response = await dashboard(cookies);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(INDEX);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers.vary).toContain('Cookie');
      }
      await server.app.inject({
        method: 'POST',
        url: '/trpc/accounts.logout',
        payload: {},
        headers: bearer(ann.token),
      });
      expect((await dashboard({ recipehub_page: ann.page })).body).toBe(INDEX);
    });

    it('sends the plain shell to a member with no recipes (the page says so itself)', async () => {
      const ann = await memberWithRecipes('ann@example.com', []);
      expect((await dashboard({ recipehub_page: ann.page })).body).toBe(INDEX);
    });

    it('sends the plain shell for an expired session', async () => {
      const ann = await memberWithRecipes('ann@example.com', ['Ann’s Dal']);
      await orm()
        .em.fork()
        .nativeUpdate(Session, {}, { expiresAt: new Date(Date.now() - 1000) });
      expect((await dashboard({ recipehub_page: ann.page })).body).toBe(INDEX);
    });

    it('leaves the other dashboard paths to the app’s shell', async () => {
      const ann = await memberWithRecipes('ann@example.com', ['Ann’s Dal']);
      const response = await server.app.inject({
        method: 'GET',
        url: '/dashboard/user-info/',
        cookies: { recipehub_page: ann.page },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Ann’s Dal');
    });
  });
});
