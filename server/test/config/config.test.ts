import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_ADMIN, loadConfig } from '../../src/config/config.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has safe defaults that need nothing installed', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({
      kind: 'sqlite',
      path: path.join(repoRoot, 'data', 'recipehub.db'),
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailDir).toBe(path.join(repoRoot, 'data', 'mail'));
    expect(config.mediaDir).toBe(path.join(repoRoot, 'data', 'media'));
    expect(config.demoMode).toBe(true);
    expect(config.demoAdmin).toEqual(DEFAULT_DEMO_ADMIN);
  });

  it('follows PORT in the default public URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('picks another SQLite file or MySQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/other.db' }).database).toEqual({
      kind: 'sqlite',
      path: '/tmp/other.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({
      kind: 'sqlite',
      path: ':memory:',
    });
    const mysql = loadConfig({ DATABASE_URL: 'mysql://app:pw@db.internal:3306/recipehub' });
    expect(mysql.database).toEqual({
      kind: 'mysql',
      url: 'mysql://app:pw@db.internal:3306/recipehub',
    });
    // A production database does not advertise the demo login unless asked to.
    expect(mysql.demoMode).toBe(false);
  });

  it.each([
    [
      { PORT: 'abc' },
      'PORT',
      'Invalid configuration: PORT must be a whole number from 0 to 65535, got "abc"',
    ],
    [{ PORT: '70000' }, 'PORT', undefined],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL', undefined],
    [{ DATABASE_URL: 'mysql://host-without-db' }, 'DATABASE_URL', undefined],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL', undefined],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL', undefined],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', undefined],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL', undefined],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE', undefined],
    [{ DEMO_ADMIN_EMAIL: 'not-an-email' }, 'DEMO_ADMIN_EMAIL', undefined],
    [{ DEMO_ADMIN_PASSWORD: 'short' }, 'DEMO_ADMIN_PASSWORD', undefined],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', undefined],
    [
      { RECIPE_CACHES: 'of' },
      'RECIPE_CACHES',
      'Invalid configuration: RECIPE_CACHES must be on or off, got "of"',
    ],
  ])('rejects %o naming %s in one line', (env, variable, message) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain('\n');
    if (message) expect(error.message).toBe(message);
  });

  describe('CORS_ORIGINS', () => {
    it('is same-origin only when unset', () => {
      expect(loadConfig({}).corsOrigins).toBeUndefined();
    });

    it('takes * or a list of exact origins', () => {
      expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
      expect(
        loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5174' }).corsOrigins,
      ).toEqual(['https://app.example.com', 'http://localhost:5174']);
    });

    it.each([
      'https://app.example.com/',
      'https://app.example.com/path',
      '*.example.com',
      'app.example.com',
      'null',
      'ftp://files.example.com',
      'https://app.example.com,',
    ])('refuses %s with one line naming the variable', (value) => {
      expect(configError({ CORS_ORIGINS: value }).message).toMatch(
        /^Invalid configuration: CORS_ORIGINS/,
      );
    });
  });
});
