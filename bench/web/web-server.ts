import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The real server from source on `port` with a fresh SQLite database in `dir` (migrated and
 * seeded with the demo data at start), serving web/dist.
 */
export async function startServer(
  repo: string,
  dist: string,
  port: number,
  dir: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'recipehub.db')}`,
      MAIL_DIR: path.join(dir, 'mail'),
      MEDIA_DIR: path.join(dir, 'media'),
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /api/health within 120 s');
}

/** What a browser keeps from the web app's login: the token and the dashboard's page cookie. */
export interface DemoSession {
  token: string;
  pageCookie: { name: string; value: string; path: string };
}

/**
 * A demo member's session through the web app's own login (the tRPC call its login form makes),
 * so it comes with the page cookie a browser would keep (server/src/auth/page-cookie.ts) and the
 * dashboard loads as a signed-in member's does.
 */
export async function demoSession(
  baseUrl: string,
  email: string,
  password: string,
): Promise<DemoSession> {
  const response = await fetch(`${baseUrl}/trpc/accounts.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { result?: { data?: { token?: string } } };
  const token = body.result?.data?.token;
  const cookie = response.headers
    .getSetCookie()
    .map((line) => /^recipehub_page=([^;]+);.*Path=([^;]+)/i.exec(line))
    .find(Boolean);
  if (!response.ok || !token || !cookie) throw new Error(`demo login failed: ${response.status}`);
  return { token, pageCookie: { name: 'recipehub_page', value: cookie[1]!, path: cookie[2]! } };
}
