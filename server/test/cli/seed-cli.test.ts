import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../src/app-database.js';
import { verifyPassword } from '../../src/modules/users/password.js';
import { User } from '../../src/modules/users/user.entity.js';

// `npm run seed -w server` as a user runs it (tsx, the real environment variables).
const serverRoot = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.resolve(serverRoot, '..', 'node_modules', '.bin', 'tsx');
const scratch = mkdtempSync(path.join(tmpdir(), 'recipehub-seed-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runSeed(env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(tsx, ['src/cli/seed.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout })));
}

async function passwordWorks(file: string, email: string, password: string): Promise<boolean> {
  const orm = await openAppDatabase({ kind: 'sqlite', path: file }, { migrate: false });
  try {
    const user = await orm.orm.em.fork().findOneOrFail(User, { email });
    return await verifyPassword(user.passwordHash, password);
  } finally {
    await orm.close();
  }
}

describe('npm run seed', () => {
  it('outside demo mode prints the admin email and a generated password, the only one that signs in', async () => {
    const file = path.join(scratch, 'public.db');
    const { code, stdout } = await runSeed({ DATABASE_URL: `sqlite:${file}`, HOST: '0.0.0.0' });
    expect(code).toBe(0);
    const password = /sign in as admin@recipehub\.local with password (\S+) /.exec(stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(stdout).toContain('the demo chefs and users have random passwords nobody knows');
    expect(stdout).not.toContain('recipehub-demo');
    expect(stdout).not.toContain('recipehub-admin');
    expect(await passwordWorks(file, 'admin@recipehub.local', password ?? '')).toBe(true);
    expect(await passwordWorks(file, 'admin@recipehub.local', 'recipehub-admin')).toBe(false);
    expect(await passwordWorks(file, 'nusrat.jahan@recipehub.local', 'recipehub-demo')).toBe(false);
  }, 60_000);

  it('generates a different admin password for every installation', async () => {
    const passwords = [];
    for (const name of ['one.db', 'two.db']) {
      const { stdout } = await runSeed({
        DATABASE_URL: `sqlite:${path.join(scratch, name)}`,
        DEMO_MODE: 'false',
      });
      passwords.push(/with password (\S+) /.exec(stdout)?.[1]);
    }
    expect(passwords[0]).toBeDefined();
    expect(passwords[0]).not.toBe(passwords[1]);
  }, 60_000);

  it('in demo mode (loopback, the default) prints the published demo logins, which sign in', async () => {
    const file = path.join(scratch, 'demo.db');
    const { code, stdout } = await runSeed({ DATABASE_URL: `sqlite:${file}` });
    expect(code).toBe(0);
    expect(stdout).toContain(
      'seed: demo mode: sign in as admin@recipehub.local with password recipehub-admin',
    );
    expect(stdout).toContain('nusrat.jahan@recipehub.local use "recipehub-demo"');
    expect(await passwordWorks(file, 'nusrat.jahan@recipehub.local', 'recipehub-demo')).toBe(true);
  }, 60_000);
});
