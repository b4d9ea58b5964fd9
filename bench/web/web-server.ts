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

/** A demo member's session token, through the real login (the dashboard is members only). */
export async function demoToken(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`demo login failed: ${response.status}`);
  return body.token;
}
