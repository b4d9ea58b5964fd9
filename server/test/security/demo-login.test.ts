import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { startAccountServer } from '../support/account-server.js';

// GET /trpc/demoLogin is what the sign-in page shows: the demo admin's email and password.
const ADMIN = { email: 'admin@recipehub.local', password: 'recipehub-admin' };

let orm: Database;
beforeAll(async () => {
  orm = await openAppDatabase({ kind: 'sqlite', path: ':memory:' }, { migrate: true });
});
afterAll(async () => {
  await orm.close();
});

/** What demoLogin answers on a server configured by `env`, to a request with `headers`. */
async function demoLoginWith(env: Record<string, string>, headers: Record<string, string> = {}) {
  const { demoMode, demoModeForced, host, trustProxy } = loadConfig(env);
  const server = await startAccountServer(orm, {
    config: { demoMode, demoModeForced, host, trustProxy },
  });
  try {
    const response = await server.app.inject({ method: 'GET', url: '/trpc/demoLogin', headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { result: { data: unknown } }).result.data;
  } finally {
    await server.close();
  }
}

describe('GET /trpc/demoLogin', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20'])(
    'answers null when the server listens on %s',
    async (host) => {
      expect(await demoLoginWith({ HOST: host })).toBeNull();
    },
  );

  it.each(['127.0.0.1', '::1', 'localhost'])(
    'answers the demo login on loopback (%s)',
    async (host) => {
      expect(await demoLoginWith({ HOST: host })).toEqual(ADMIN);
    },
  );

  it('answers the demo login by default (HOST unset is loopback)', async () => {
    expect(await demoLoginWith({})).toEqual(ADMIN);
  });

  it('answers null on loopback to a request a local proxy forwarded', async () => {
    expect(await demoLoginWith({}, { 'x-forwarded-for': '203.0.113.5' })).toBeNull();
    expect(await demoLoginWith({}, { forwarded: 'for=203.0.113.5' })).toBeNull();
  });

  it('answers null on loopback behind a trusted proxy', async () => {
    expect(await demoLoginWith({ TRUST_PROXY: '127.0.0.1' })).toBeNull();
  });

  it('answers the demo login anywhere with DEMO_MODE=true', async () => {
    expect(
      await demoLoginWith(
        { HOST: '0.0.0.0', DEMO_MODE: 'true' },
        { 'x-forwarded-for': '203.0.113.5' },
      ),
    ).toEqual(ADMIN);
  });

  it('answers null with DEMO_MODE=false, even on loopback', async () => {
    expect(await demoLoginWith({ HOST: '127.0.0.1', DEMO_MODE: 'false' })).toBeNull();
  });
});
