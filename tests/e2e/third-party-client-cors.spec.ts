/**
 * A third-party client of the REST façade on its own origin (issue 14): a page served from
 * another local port calls the API with fetch, as a browser client would. The e2e server allows
 * CLIENT_ORIGIN in CORS_ORIGINS (playwright.config.ts) and no other.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

// Not the suite's fixtures: they add X-Forwarded-For to every request, which a real cross-origin
// client never sends (and which would need its own preflight).
const API = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3200';
export const CLIENT_PORT = 3201;

const CLIENT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>client</title></head>
<body><main><h1>Third-party client</h1></main></body></html>`;

function serveClientPage(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(CLIENT_PAGE);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

interface CallResult {
  ok: boolean;
  status?: number;
  body?: unknown;
  error?: string;
}

test.describe('a client page on another origin', () => {
  // One worker serves the client pages: the allowed origin's port can be bound only once.
  test.describe.configure({ mode: 'serial' });
  let allowed: Server;
  let stranger: Server;
  test.beforeAll(async () => {
    allowed = await serveClientPage(CLIENT_PORT);
    stranger = await serveClientPage(0);
  });
  test.afterAll(async () => {
    await Promise.all([allowed, stranger].map((s) => new Promise((r) => s.close(r))));
  });

  test('reads the API and gets the answers of preflighted calls when its origin is allowed', async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.1:${CLIENT_PORT}/`);
    const results = await page.evaluate(async (api) => {
      const call = async (url: string, init?: RequestInit) => {
        try {
          const response = await fetch(url, init);
          return { ok: true, status: response.status, body: await response.json() };
        } catch (error) {
          return { ok: false, error: String(error) };
        }
      };
      return {
        categories: await call(`${api}/api/recipes/categories/`),
        // JSON body and an Authorization header: the browser sends a preflight first.
        login: await call(`${api}/api/accounts/login/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not-a-token' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        }),
      };
    }, API);
    const categories = results.categories as CallResult;
    expect(categories.ok).toBe(true);
    expect(categories.status).toBe(200);
    expect(Array.isArray(categories.body)).toBe(true);
    const login = results.login as CallResult;
    expect(login.ok).toBe(true);
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ message: 'Invalid Credentials' });
  });

  test('is blocked by the browser when its origin is not allowed', async ({ page }) => {
    const port = (stranger.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    const result = await page.evaluate(async (api) => {
      try {
        const response = await fetch(`${api}/api/recipes/categories/`);
        return { ok: true, status: response.status };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    }, API);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/TypeError/);
  });
});
