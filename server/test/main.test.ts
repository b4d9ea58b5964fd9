import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('server entry point', () => {
  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'nonsense' }],
    ['PORT', { PORT: 'abc' }],
  ])('stops with one clear line when %s is malformed', async (variable, env) => {
    const server = startServer(env);
    const code = await server.exited;
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
      let health: Response | undefined;
      for (let attempt = 0; attempt < 200 && !health; attempt++) {
        health = await fetch(`${base}/api/health`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status).toBe(200);
      expect(await health?.json()).toEqual({ status: 'ok', database: 'up' });

      const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
        openapi: string;
      };
      expect(document.openapi).toMatch(/^3\.1\./);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
  }, 60_000);
});
