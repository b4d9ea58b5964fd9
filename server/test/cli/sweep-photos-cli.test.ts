import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run sweep-photos -w server` as a user runs it (tsx, the real environment variables).
const serverRoot = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.resolve(serverRoot, '..', 'node_modules', '.bin', 'tsx');
const scratch = mkdtempSync(path.join(tmpdir(), 'recipehub-sweep-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runSweep(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(tsx, ['src/cli/sweep-photos.ts', ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run sweep-photos', () => {
  it('deletes an old photo file nothing names, keeps a young one, and says what it deleted', async () => {
    const media = path.join(scratch, 'media');
    const folder = path.join(media, 'recipes');
    mkdirSync(folder, { recursive: true });
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    writeFileSync(path.join(folder, `${'a'.repeat(32)}-320.webp`), 'x');
    utimesSync(path.join(folder, `${'a'.repeat(32)}-320.webp`), old, old);
    writeFileSync(path.join(folder, `${'b'.repeat(32)}-320.webp`), 'x');

    const { code, stdout } = await runSweep({
      DATABASE_URL: `sqlite:${path.join(scratch, 'sweep.db')}`,
      MEDIA_DIR: media,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('deleted 0 unattached uploads and 1 orphan files.');
    expect(readdirSync(folder)).toEqual([`${'b'.repeat(32)}-320.webp`]);
  }, 60_000);

  it('refuses an argument it does not know (exit 2)', async () => {
    const { code, stderr } = await runSweep({ DATABASE_URL: 'sqlite::memory:' }, ['--all']);
    expect(code).toBe(2);
    expect(stderr).toContain('sweep-photos: unknown argument --all; usage: sweep-photos');
  }, 60_000);

  it('says what is wrong with a bad setting in one line and exits 1 (runCommand)', async () => {
    const { code, stderr } = await runSweep({ DATABASE_URL: 'postgres://db/recipes' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^sweep-photos: Invalid configuration: DATABASE_URL must start with/),
    ]);
  }, 60_000);
});
