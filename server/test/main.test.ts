import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Boots the real entry point as a child process, as `npm start` does (minus the build).
const serverRoot = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverRoot, '..', 'node_modules', '.bin', 'tsx');
const scratch = mkdtempSync(path.join(tmpdir(), 'recipehub-boot-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

/** The server's JSON log lines (pino, on stdout). */
function logLines(stdout: string): { level: number; msg: string }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

/**
 * A fresh start migrates and seeds before it listens: 13 s alone on a 2-core AMD EPYC VM, over
 * 20 s with the rest of the suite running beside it (the wait was 200 tries of 100 ms then). The
 * tests that start a server (up to twice) allow 150 s: two such waits and their own work.
 */
const START_WAIT_MS = 60_000;

/** The first answer of /api/health (any status), once the server listens. */
async function firstHealth(base: string): Promise<Response> {
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health) return health;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${base}/api/health within ${START_WAIT_MS} ms`);
}

async function waitForHealth(base: string): Promise<void> {
  const health = await firstHealth(base);
  if (!health.ok) throw new Error(`${base}/api/health answered ${health.status}`);
}

async function loginStatus(base: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${base}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

async function demoLogin(base: string): Promise<unknown> {
  const body = (await (await fetch(`${base}/trpc/demoLogin`)).json()) as {
    result: { data: unknown };
  };
  return body.result.data;
}

describe('server entry point', () => {
  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'nonsense' }],
    ['PORT', { PORT: 'abc' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://*.good.example' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: ' ' }],
  ])('stops with one clear line when %s is malformed: %j', async (variable, env) => {
    // Everything else points at scratch space, so a server that wrongly boots touches nothing
    // of the repository's and is stopped below.
    const server = startServer({
      PORT: '0',
      DATABASE_URL: `sqlite:${path.join(scratch, 'refused.db')}`,
      MEDIA_DIR: path.join(scratch, 'refused-media'),
      MAIL_DIR: path.join(scratch, 'refused-mail'),
      ...env,
    });
    let timer: NodeJS.Timeout | undefined;
    const stillRunning = new Promise<'still running'>((resolve) => {
      timer = setTimeout(() => resolve('still running'), 15_000);
    });
    const code = await Promise.race([server.exited, stillRunning]);
    clearTimeout(timer);
    if (code === 'still running') {
      // SIGTERM, which tsx passes on to the server it started (SIGKILL would orphan it).
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(code).toBe(78);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('migrates, seeds and serves a fresh SQLite file, then shuts down on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(scratch, 'fresh.db')}`,
      MEDIA_DIR: path.join(scratch, 'media'),
      MAIL_DIR: path.join(scratch, 'mail'),
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await firstHealth(base);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

      const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
        openapi: string;
      };
      expect(document.openapi).toMatch(/^3\.1\./);

      // A search and a category page run on the SQLite read pool (SQLITE_READ_CONNECTIONS,
      // default 2), whose connections SIGTERM must close for the exit below to be clean.
      for (const url of ['/api/recipes/lists/?search=curry', '/api/recipes/lists/?categories=1']) {
        expect((await fetch(`${base}${url}`)).status, url).toBe(200);
      }
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
  }, 150_000);

  it('on a public address: no demo login, random seeded passwords, the admin’s logged once; DEMO_MODE=true warns', async () => {
    const database = path.join(scratch, 'public.db');
    const common = {
      DATABASE_URL: `sqlite:${database}`,
      MEDIA_DIR: path.join(scratch, 'media'),
      MAIL_DIR: path.join(scratch, 'mail'),
      LOG_LEVEL: 'info',
    };
    const port = await freePort();
    const first = startServer({ ...common, PORT: String(port), HOST: '0.0.0.0' });
    let password: string | undefined;
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(base);
      expect(await demoLogin(base)).toBeNull();
      const told = logLines(first.stdout())
        .map((line) => /sign in as admin@recipehub\.local with password (\S+)/.exec(line.msg)?.[1])
        .filter((found) => found !== undefined);
      expect(told).toHaveLength(1);
      password = told[0];
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await loginStatus(base, 'admin@recipehub.local', String(password))).toBe(200);
      // Nothing written in the source signs in.
      expect(await loginStatus(base, 'admin@recipehub.local', 'recipehub-admin')).toBe(401);
      expect(await loginStatus(base, 'nusrat.jahan@recipehub.local', 'recipehub-demo')).toBe(401);
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);
    // Only its hash is stored.
    for (const file of readdirSync(scratch).filter((name) => name.startsWith('public.db'))) {
      expect(readFileSync(path.join(scratch, file)).includes(String(password))).toBe(false);
    }

    const secondPort = await freePort();
    const second = startServer({
      ...common,
      PORT: String(secondPort),
      HOST: '0.0.0.0',
      DEMO_MODE: 'true',
    });
    try {
      const base = `http://127.0.0.1:${secondPort}`;
      await waitForHealth(base);
      expect(await demoLogin(base)).toEqual({
        email: 'admin@recipehub.local',
        password: 'recipehub-admin',
      });
      const warnings = logLines(second.stdout()).filter((line) => line.level === 40);
      expect(warnings.map((line) => line.msg)).toEqual([
        expect.stringMatching(
          /^DEMO_MODE=true: .*admin email and password to anyone who can reach/,
        ),
      ]);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
    // The generated password was told on the first start only.
    expect(second.stdout()).not.toContain(String(password));
  }, 150_000);
});
