import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The README documents `npm run seed -- --force` and `npm run create-admin -- --email …` at the
 * root. npm hands arguments after `--` to the root script, which must pass them on to the server's
 * script rather than to the inner `npm run` (where `--force` would be npm's own flag). An unknown
 * argument is the cheap proof: the CLI refuses it by name before it opens any database.
 */
describe('root npm scripts', () => {
  it.each([
    ['seed', '--no-such-flag', 'seed: unknown argument --no-such-flag'],
    ['create-admin', '--password=x', 'the password is never taken from arguments'],
  ])('npm run %s -- %s reaches the server CLI', (script, argument, expected) => {
    const result = spawnSync('npm', ['run', script, '--', argument], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:' },
      input: '',
      timeout: 25_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toContain(expected);
  });
});
