import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../server/src/config/config.js';

// No Docker engine runs on our machines, so the compose file is checked by reading it.
const root = path.resolve(import.meta.dirname, '..', '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    { environment?: Record<string, string>; image?: string; build?: string; command?: string[] }
  >;
};

describe('docker-compose.yml', () => {
  it('brings up MySQL 8, the app and a mail catcher', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'mail']);
    expect(compose.services.db?.image).toMatch(/^mysql:8/);
    expect(compose.services.app?.build).toBe('.');
  });

  it('gives MySQL a buffer pool that holds the recipes and their full-text index', () => {
    // 128 MiB by default; docs/performance.md says what 1 GiB changes.
    expect(compose.services.db?.command).toContain('--innodb-buffer-pool-size=1G');
  });

  it('sets only variables the server reads', () => {
    const environment = compose.services.app?.environment ?? {};
    const unknown = Object.keys(environment).filter(
      (name) => !(CONFIG_VARIABLES as readonly string[]).includes(name),
    );
    expect(unknown).toEqual([]);
  });

  it('gives the server a configuration it accepts, on MySQL, sending mail over SMTP', () => {
    const environment = Object.fromEntries(
      Object.entries(compose.services.app?.environment ?? {}).map(([name, value]) => [
        name,
        value.replace(
          /\$\{(\w+)(:-([^}]*))?\}/g,
          (_match, variable: string, _fallback, fallback?: string) =>
            variable === 'MYSQL_PASSWORD' ? 's3cret' : (fallback ?? ''),
        ),
      ]),
    );
    const config = loadConfig(environment);
    expect(config.database).toEqual({
      kind: 'mysql',
      url: 'mysql://recipehub:s3cret@db:3306/recipehub',
    });
    expect(config.smtpUrl).toBe('smtp://mail:1025');
    expect(config.demoMode).toBe(false);
  });

  it('listens on every interface of the container with demo mode explicitly off', () => {
    const environment = compose.services.app?.environment ?? {};
    expect(environment.HOST).toBe('0.0.0.0');
    expect(environment.DEMO_MODE).toBe('false');
    // No proxy in front of the published port: X-Forwarded-For stays ignored.
    expect(environment.TRUST_PROXY).toBeUndefined();
  });

  it('builds an image that listens on every interface with demo mode off', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    const env = /^ENV (.*)$/m.exec(runtime)?.[1] ?? '';
    expect(env).toContain('HOST=0.0.0.0');
    expect(env).toContain('DEMO_MODE=false');
    const config = loadConfig({ HOST: '0.0.0.0', DEMO_MODE: 'false' });
    expect(config.demoMode).toBe(false);
  });

  it('starts the server with the Node flags of `npm start`', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    const manifest = JSON.parse(readFileSync(path.join(root, 'server', 'package.json'), 'utf8'));
    const start = String(manifest.scripts.start).split(/\s+/);
    expect(command[0]).toBe('node');
    expect(command.at(-1)).toBe('server/dist/main.js');
    expect(command.slice(1, -1)).toEqual(start.slice(1, -1));
    expect(start.slice(1, -1)).toContain('--max-semi-space-size=64');
  });

  it('keeps secrets out of the file', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    // Every *PASSWORD key takes its value from the environment, never a literal.
    expect(text).not.toMatch(/^\s*\w*PASSWORD:\s*['"]?[^$\s'"]/m);
  });
});
