import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { MIN_PASSWORD_LENGTH } from '@recipehub/openapi/limits';
import { DEFAULT_DEMO_ADMIN, loadConfig } from '../../src/config/config.js';

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
  it("holds the demo admin's password to the contract's minimum length, as registration does", () => {
    const shortest = 'p'.repeat(MIN_PASSWORD_LENGTH);
    expect(loadConfig({ DEMO_ADMIN_PASSWORD: shortest }).demoAdmin.password).toBe(shortest);
    expect(configError({ DEMO_ADMIN_PASSWORD: shortest.slice(1) }).message).toBe(
      `Invalid configuration: DEMO_ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`,
    );
  });

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
    expect(config.demoAdmin).toEqual(DEFAULT_DEMO_ADMIN);
    // Loopback only, no proxy trusted, so the demo login is shown to this machine alone.
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toBe(false);
    expect(config.demoMode).toBe(true);
    expect(config.demoModeForced).toBe(false);
    // Costly SQLite reads run off the event loop (db/sqlite-read-pool.ts).
    expect(config.sqliteReadConnections).toBe(2);
    // The search count's cap (modules/recipes/search/search.ts).
    expect(config.searchCountCap).toBeUndefined();
  });

  it.each([
    ['SQLITE_READ_CONNECTIONS', '0', 'sqliteReadConnections', 0],
    ['SQLITE_READ_CONNECTIONS', '2', 'sqliteReadConnections', 2],
    ['SQLITE_READ_CONNECTIONS', '16', 'sqliteReadConnections', 16],
    ['SEARCH_COUNT_CAP', '1', 'searchCountCap', 1],
    ['SEARCH_COUNT_CAP', '1000000', 'searchCountCap', 1_000_000],
  ] as const)('takes %s=%s', (variable, raw, field, value) => {
    expect(loadConfig({ [variable]: raw })[field]).toBe(value);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['recipes.example.com', false],
  ])('turns demo mode on by default only on loopback: HOST=%s gives %s', (host, demo) => {
    expect(loadConfig({ HOST: host }).demoMode).toBe(demo);
  });

  it('follows DEMO_MODE when it is set, and says when it was forced on', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_MODE: 'true' })).toMatchObject({
      demoMode: true,
      demoModeForced: true,
    });
    expect(loadConfig({ HOST: '127.0.0.1', DEMO_MODE: 'false' })).toMatchObject({
      demoMode: false,
      demoModeForced: false,
    });
    // The database no longer decides: MySQL on loopback is a developer's machine too.
    expect(loadConfig({ DATABASE_URL: 'mysql://app:pw@127.0.0.1:3306/recipehub' }).demoMode).toBe(
      true,
    );
  });

  it('keeps demo mode off behind a trusted proxy unless DEMO_MODE=true', () => {
    expect(loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' }).demoMode).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it.each([
    [undefined, false],
    ['off', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8', ['127.0.0.1', '10.0.0.0/8']],
    ['::1,fd00::/8,loopback', ['::1', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s as %o', (raw, trustProxy) => {
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(
      trustProxy,
    );
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
      { TRUST_PROXY: '10.0.0.0/33' },
      'TRUST_PROXY',
      'Invalid configuration: TRUST_PROXY must be off, a hop count from 1 to 10, or a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8); "10.0.0.0/33" is none of these',
    ],
    [
      { SQLITE_READ_CONNECTIONS: '1' },
      'SQLITE_READ_CONNECTIONS',
      'Invalid configuration: SQLITE_READ_CONNECTIONS must be 0 (off) or a whole number from 2 to 16, got "1"',
    ],
    [{ SQLITE_READ_CONNECTIONS: '17' }, 'SQLITE_READ_CONNECTIONS', undefined],
    [
      { SEARCH_COUNT_CAP: '0' },
      'SEARCH_COUNT_CAP',
      'Invalid configuration: SEARCH_COUNT_CAP must be a whole number from 1 to 1000000, got "0"',
    ],
    [{ SEARCH_COUNT_CAP: '1000001' }, 'SEARCH_COUNT_CAP', undefined],
    [{ SEARCH_COUNT_CAP: '1e3' }, 'SEARCH_COUNT_CAP', undefined],
    [{ SQLITE_READ_CONNECTIONS: '-2' }, 'SQLITE_READ_CONNECTIONS', undefined],
    [{ SQLITE_READ_CONNECTIONS: 'two' }, 'SQLITE_READ_CONNECTIONS', undefined],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY', undefined],
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY', undefined],
    [{ TRUST_PROXY: '127.0.0.1,,10.0.0.1' }, 'TRUST_PROXY', undefined],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY', undefined],
    [
      { TRUST_PROXY: ' ' },
      'TRUST_PROXY',
      'Invalid configuration: TRUST_PROXY is set but empty; leave it unset or set it to off to trust no proxy',
    ],
    [{ TRUST_PROXY: '' }, 'TRUST_PROXY', undefined],
  ])('rejects %o naming %s in one line', (env, variable, message) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain('\n');
    if (message) expect(error.message).toBe(message);
  });

  describe('WEB_APP_URL', () => {
    it('is PUBLIC_URL unless set', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://api.example.com' }).webAppUrl).toBe(
        'https://api.example.com',
      );
      expect(
        loadConfig({
          PUBLIC_URL: 'https://api.example.com',
          WEB_APP_URL: 'https://app.example.com/',
        }).webAppUrl,
      ).toBe('https://app.example.com');
    });

    it.each(['app.example.com', 'ftp://app.example.com', 'javascript:alert(1)'])(
      'refuses %s at boot',
      (value) => {
        expect(configError({ WEB_APP_URL: value }).variable).toBe('WEB_APP_URL');
      },
    );
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
      'https://*.good.example',
      'https://app$.example.com',
    ])('refuses %s with one line naming the variable and the entry', (value) => {
      const { message } = configError({ CORS_ORIGINS: value });
      expect(message).toMatch(/^Invalid configuration: CORS_ORIGINS must be \* or comma-separated/);
      expect(message).toContain(`got "${value.split(',').at(-1)}"`);
      expect(message).not.toContain('\n');
    });

    it.each(['', '  '])(
      'refuses a value set to nothing (%j): unset is how to say none',
      (value) => {
        expect(configError({ CORS_ORIGINS: value }).message).toBe(
          'Invalid configuration: CORS_ORIGINS is set but empty; leave it unset for same-origin only',
        );
      },
    );

    it('takes hosts of any real shape: IPv6, underscores, ports', () => {
      expect(
        loadConfig({ CORS_ORIGINS: 'http://[::1]:5173,http://web_app.intranet:8080' }).corsOrigins,
      ).toEqual(['http://[::1]:5173', 'http://web_app.intranet:8080']);
    });
  });

  describe('IMPORT_ALLOWED_HOSTS', () => {
    it('allows nothing beyond public addresses when unset (production)', () => {
      expect([...loadConfig({}).importAllowedHosts]).toEqual([]);
    });

    it('takes host and host:port entries, IPv6 in brackets', () => {
      expect([
        ...loadConfig({
          IMPORT_ALLOWED_HOSTS: '127.0.0.1:4010, recipes.intranet ,[::1]:8080,wiki.corp:443',
        }).importAllowedHosts,
      ]).toEqual(['127.0.0.1:4010', 'recipes.intranet', '[::1]:8080', 'wiki.corp:443']);
    });

    it.each([
      'http://127.0.0.1:4010',
      '127.0.0.1:4010/path',
      '127.1',
      'Recipes.Intranet',
      '127.0.0.1:0',
      '127.0.0.1:70000',
      '::1',
      'user@host',
      'a b',
      '*.corp',
      'recipes.intranet,,wiki.corp',
      'recipes.intranet,',
    ])('refuses %s with one line naming the variable', (value) => {
      expect(configError({ IMPORT_ALLOWED_HOSTS: value }).message).toMatch(
        /^Invalid configuration: IMPORT_ALLOWED_HOSTS must be comma-separated host/,
      );
    });

    it.each(['', '  '])(
      'refuses a value set to nothing (%j): unset is how to say none',
      (value) => {
        expect(configError({ IMPORT_ALLOWED_HOSTS: value }).message).toBe(
          'Invalid configuration: IMPORT_ALLOWED_HOSTS is set but empty; leave it unset to allow public hosts only',
        );
      },
    );
  });
});
