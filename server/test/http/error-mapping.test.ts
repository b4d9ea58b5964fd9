import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR_STATUS, AppError, type AppErrorCode } from '../../src/errors/app-error.js';
import { registerErrorHandler } from '../../src/http/error-handler.js';
import type { TrpcContext } from '../../src/trpc/context.js';
import { retryAfterResponseMeta } from '../../src/trpc/retry-after.js';
import { publicProcedure, router } from '../../src/trpc/trpc.js';

/**
 * One error mapping: a use case's AppError (or a database that is away) gives the same HTTP
 * status and Retry-After on REST and on tRPC. The faces here are the real error handler and the
 * real procedure builder, over a route and a procedure that throw what the table names.
 */
const DATABASE_AWAY = () =>
  Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const CASES: Record<string, () => Error> = {
  ...Object.fromEntries(
    (Object.keys(APP_ERROR_STATUS) as AppErrorCode[]).map((code) => [
      code,
      () => new AppError(code, `Refused: ${code}.`),
    ]),
  ),
  'RATE_LIMITED for 17 s': () =>
    new AppError('RATE_LIMITED', 'Slow down.', undefined, { retryAfterSeconds: 17 }),
  'SERVICE_UNAVAILABLE for 1 s (a read queue that is full)': () =>
    new AppError('SERVICE_UNAVAILABLE', 'Busy.', undefined, { retryAfterSeconds: 1 }),
  'a database that is away': DATABASE_AWAY,
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
  registerErrorHandler(app);
  app.get<{ Params: { name: string } }>('/api/fail/:name', async (request) => {
    throw CASES[decodeURIComponent(request.params.name)]!();
  });
  const failing = router({
    fail: publicProcedure.input(z.string()).query(({ input }) => {
      throw CASES[input]!();
    }),
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: failing,
      // No bearer header: the procedure builder resolves it without touching a database.
      createContext: () => ({ authorization: undefined, ip: '127.0.0.1' }) as TrpcContext,
      responseMeta: retryAfterResponseMeta,
    },
  });
});
afterAll(async () => {
  await app.close();
});

describe('the same error on REST and tRPC', () => {
  for (const name of Object.keys(CASES)) {
    it(`answers ${name} with one status and Retry-After on both faces`, async () => {
      const rest = await app.inject({
        method: 'GET',
        url: `/api/fail/${encodeURIComponent(name)}`,
      });
      const trpc = await app.inject({
        method: 'GET',
        url: `/trpc/fail?input=${encodeURIComponent(JSON.stringify(name))}`,
      });
      expect(rest.statusCode).toBeGreaterThanOrEqual(400);
      expect(trpc.statusCode).toBe(rest.statusCode);
      expect(trpc.headers['retry-after']).toBe(rest.headers['retry-after']);
      expect(trpc.json().error.data.httpStatus).toBe(rest.statusCode);
    });
  }

  it('gives each code the status of the one table, and a database away 503 with Retry-After 5', async () => {
    for (const code of Object.keys(APP_ERROR_STATUS) as AppErrorCode[]) {
      const rest = await app.inject({ method: 'GET', url: `/api/fail/${code}` });
      expect(rest.statusCode, code).toBe(APP_ERROR_STATUS[code]);
    }
    const away = await app.inject({
      method: 'GET',
      url: `/trpc/fail?input=${encodeURIComponent(JSON.stringify('a database that is away'))}`,
    });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(JSON.stringify(away.json())).not.toContain('ECONNREFUSED');
  });
});
