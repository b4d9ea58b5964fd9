import { mkdtempSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { MAX_PROFILE_FORM_BYTES } from '../../src/modules/accounts/profile-form.js';
import { User } from '../../src/modules/users/user.entity.js';
import { GENEROUS_LIMITS, bearer, createAccount, loginToken } from '../support/account-server.js';
import { testConfig } from '../support/build-test-app.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const URL = '/api/accounts/profile/update/';
const BOUNDARY = 'recipehub-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** A short request time limit, so the trickling client is cut within the test's patience. */
const REQUEST_TIMEOUT_MS = 1_000;

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const MALFORMED = {
  status: 'failed',
  message: 'The request could not be read.',
  errors: { body: ['The multipart form data is malformed or incomplete.'] },
};

forEachDatabase(({ orm, db }) => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(mkdtempSync(path.join(tmpdir(), 'recipehub-multipart-'))),
      database: db(),
      logger: false,
      mailer: { send: async () => undefined },
      rateLimits: GENEROUS_LIMITS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
    await createAccount(orm().em.fork(), { email: 'nadia@example.com' });
    token = await loginToken(app, 'nadia@example.com');
  });

  async function expectProfileUnchanged() {
    const user = await orm().em.fork().findOneOrFail(User, { email: 'nadia@example.com' });
    expect(user.firstName).not.toBe('Changed');
  }

  const put = async (payload: string | Buffer, contentType = MULTIPART) => {
    const started = Date.now();
    const response = await contract.inject(app, {
      method: 'PUT',
      url: URL,
      payload,
      headers: { ...bearer(token), 'content-type': contentType },
    });
    return { response, elapsed: Date.now() - started };
  };

  describe('PUT /api/accounts/profile/update/ with a broken multipart body', () => {
    it('answers 400 for a multipart content type without a boundary', async () => {
      const { response, elapsed } = await put(field('firstName', 'Changed'), 'multipart/form-data');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(MALFORMED);
      expect(elapsed).toBeLessThan(1_000);
      await expectProfileUnchanged();
    });

    it('answers 400 for a garbage body', async () => {
      const { response } = await put('this is not multipart at all \u0000\u00ff');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(MALFORMED);
      await expectProfileUnchanged();
    });

    it('answers 400 for a body cut short (no closing boundary), a field or a file half sent', async () => {
      for (const truncated of [
        field('firstName', 'Changed'),
        `${field('firstName', 'Changed')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="profile.image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8`,
        `--${BOUNDARY}\r\nContent-Disposition: form-da`,
      ]) {
        const { response } = await put(truncated);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(MALFORMED);
      }
      await expectProfileUnchanged();
    });

    it('answers 413 for a body larger than the form can be, without reading it to the end', async () => {
      // No closing boundary, one endless field: busboy used to read all of it, then fail with 500.
      const endless = Buffer.concat([
        Buffer.from(field('firstName', 'Changed').replace(/\r\n$/, '')),
        Buffer.alloc(MAX_PROFILE_FORM_BYTES + 1024, 'x'),
      ]);
      const { response, elapsed } = await put(endless);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        status: 'failed',
        message: 'Profile Update Failed!',
      });
      expect(elapsed).toBeLessThan(2_000);
      await expectProfileUnchanged();
    });
  });

  describe('PUT /api/accounts/profile/update/ from an anonymous caller', () => {
    const UNAUTHORIZED = {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'Authentication credentials were not provided or are no longer valid.',
    };
    const anonymous = (payload: string | object, contentType: string) =>
      contract.inject(app, {
        method: 'PUT',
        url: URL,
        payload,
        headers: { 'content-type': contentType },
      });

    it('answers 401 before reading the form, whatever its fields, as for a JSON body', async () => {
      const badFields =
        field('profile.age', 'abc') + field('firstName', '') + `--${BOUNDARY}--\r\n`;
      for (const [payload, contentType] of [
        [badFields, MULTIPART],
        [field('firstName', 'Changed'), MULTIPART], // cut short
        ['this is not multipart at all', MULTIPART],
        [{ firstName: '', profile: { age: 999 } }, 'application/json'],
      ] as const) {
        const response = await anonymous(payload, contentType);
        expect(response.statusCode, String(payload)).toBe(401);
        expect(response.json()).toEqual(UNAUTHORIZED);
      }
      await expectProfileUnchanged();
    });
  });

  describe('on a real connection', () => {
    /** Sends `head` (and `body`), then one byte every `trickleMs`; resolves when the server answers or closes. */
    function rawRequest(head: string, body: string, trickleMs?: number) {
      const { port } = app.server.address() as AddressInfo;
      return new Promise<{ answer: string; elapsed: number }>((resolve, reject) => {
        const started = Date.now();
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        let trickle: NodeJS.Timeout | undefined;
        const done = () => {
          clearInterval(trickle);
          socket.destroy();
          resolve({ answer, elapsed: Date.now() - started });
        };
        socket.on('data', (chunk: Buffer) => {
          answer += chunk.toString('latin1');
          if (/\r\n\r\n/.test(answer) && !trickleMs) done();
        });
        socket.on('close', done);
        socket.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNRESET' || error.code === 'EPIPE') done();
          else reject(error);
        });
        socket.write(head + body);
        if (trickleMs) {
          trickle = setInterval(() => {
            if (!socket.destroyed) socket.write('x');
          }, trickleMs);
        }
      });
    }

    const head = (contentLength: number) =>
      `PUT ${URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${MULTIPART}\r\nContent-Length: ${contentLength}\r\n\r\n`;

    it('cuts a client that trickles its body within the request time limit', async () => {
      const { answer, elapsed } = await rawRequest(
        head(100_000),
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nChanged`,
        100,
      );
      // Node answers 408 (or just closes) once the limit passes; its check runs every 250 ms here.
      expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500);
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
      await expectProfileUnchanged();
    });

    it('answers an anonymous form 401 at once, without reading it, and closes', async () => {
      const body = field('profile.age', 'abc');
      const { answer, elapsed } = await rawRequest(
        `PUT ${URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${MULTIPART}\r\n` +
          `Content-Length: ${body.length + 100_000}\r\n\r\n`,
        body,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 401/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(elapsed).toBeLessThan(1_000);
      await expectProfileUnchanged();
    });

    it('answers 413 at once to a body announced larger than the form, and closes', async () => {
      const { answer, elapsed } = await rawRequest(
        head(20 * 1024 * 1024),
        field('firstName', 'Changed'),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(elapsed).toBeLessThan(1_000);
      await expectProfileUnchanged();
    });
  });
});
