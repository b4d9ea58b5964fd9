import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../../src/http/openapi-routes.js';
import type { SessionKind } from '../../../src/auth/session.entity.js';
import { startAccountServer, type AccountServer } from '../../support/account-server.js';
import { multipartForm } from '../../support/multipart-form.js';
import { OpenApiContract } from '../../support/openapi-contract.js';
import { forEachDatabase } from '../../support/test-database.js';
import {
  FuzzCatalog,
  PERSONAS,
  requestArbitraries,
  type FuzzOperation,
  type FuzzRequest,
  type Persona,
} from './fuzz-requests.js';
import { FuzzWorld } from './fuzz-world.js';

/** `FUZZ_SEED=<n>` replays a run; otherwise every run draws a new seed (printed on failure). */
export const FUZZ_SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Date.now() % 2 ** 31;
/** Requests of each kind (valid, invalid) per operation; CI keeps the default of 200. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/** Operations whose answers depend on no input a client can get wrong. */
const NO_INPUT = new Set(['getHealth', 'getOpenApiDocument', 'getApiReference']);

interface Tally {
  valid: number;
  invalid: number;
  statuses: Map<string, number>;
}

/** The operation's own seed: the run's seed and its name, so one operation replays alone. */
function operationSeed(operationId: string): number {
  let hash = FUZZ_SEED | 0;
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function templateToUrl(
  template: string,
  path: Record<string, string>,
  query: Record<string, string>,
) {
  const url = template.replace(/\{(\w+)\}/g, (_match, name: string) => path[name] ?? '');
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

/** Long generated texts would bury the point of a failure message. */
function clip(message: string): string {
  return message
    .replace(/[^\s"]{120,}/gu, (long) => `${long.slice(0, 60)}…(${long.length} chars)`)
    .slice(0, 6000);
}

/** The message templates of the operation's documented business rules, as regular expressions. */
function businessRule(operation: FuzzOperation, field: string, message: string): boolean {
  return (operation.businessRules[field] ?? []).some((template) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`).test(
      message,
    ),
  );
}

/** What the request sent under a field name of an answer's `errors` ("profile.age", "id"). */
function sentValue(request: FuzzRequest, field: string): unknown {
  if (request.body?.kind === 'multipart') return request.body.fields[field];
  if (request.body?.kind !== 'json') return request.path[field] ?? request.query[field];
  let value: unknown = request.body.value;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | null)?.[part];
  return value ?? request.path[field] ?? request.query[field];
}

/**
 * The contract fuzz suite for `operationIds`: per operation, FUZZ_RUNS schema-valid and FUZZ_RUNS
 * schema-invalid requests (generated from openapi/ by fast-check, sent as anonymous, a User and
 * an Admin through inject() on the real app and a seeded database). Valid requests must never
 * answer 5xx, only documented statuses and bodies, and no 400 but a documented business rule;
 * invalid ones must be refused (4xx, documented) and change no row.
 */
export function defineContractFuzz(suite: string, operationIds: string[]) {
  forEachDatabase(({ orm, dialect, db }) => {
    let server: AccountServer;
    let world: FuzzWorld;
    let catalog: FuzzCatalog;
    let contract: OpenApiContract;
    let png: Buffer;
    const tallies = new Map<string, Tally>();

    beforeAll(async () => {
      server = await startAccountServer(db());
      catalog = new FuzzCatalog(await loadOpenApiDocument());
      contract = await OpenApiContract.load();
      world = await FuzzWorld.create(orm(), server.app);
      png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c04020' } })
        .png()
        .toBuffer();
    });

    afterAll(async () => {
      await server?.close();
      const lines = [...tallies].map(
        ([operationId, tally]) =>
          `  ${operationId.padEnd(28)} ${String(tally.valid).padStart(4)} valid ${String(tally.invalid).padStart(4)} invalid  ` +
          [...tally.statuses]
            .sort()
            .map(([key, count]) => `${key}×${count}`)
            .join(' '),
      );
      console.log(
        `contract fuzz (${suite}, ${dialect}, FUZZ_SEED=${FUZZ_SEED}):\n${lines.join('\n')}`,
      );
    });

    for (const operationId of operationIds) {
      it(`${operationId}: ${FUZZ_RUNS} valid and ${NO_INPUT.has(operationId) ? 0 : FUZZ_RUNS} invalid requests keep to the contract`, async () => {
        const operation = catalog.operation(operationId);
        const tally: Tally = { valid: 0, invalid: 0, statuses: new Map() };
        tallies.set(operationId, tally);
        await world.addBatch();
        const arbitraries = requestArbitraries(catalog, operation, {
          resolve: (ref) => catalog.resolve({ $ref: ref }),
          known: { Id: world.ids, Email: world.emails },
        });
        const kind: SessionKind = operationId === 'resetPassword' ? 'password-reset' : 'login';

        const send = async (request: FuzzRequest, tokens: Record<Persona, string | undefined>) => {
          const headers: Record<string, string> = {};
          const token = tokens[request.persona];
          if (request.badAuthorization !== undefined)
            headers.authorization = request.badAuthorization;
          else if (token) headers.authorization = `Bearer ${token}`;
          const options: InjectOptions & { method: string; url: string } = {
            method: operation.method,
            url: templateToUrl(operation.template, request.path, request.query),
            headers,
          };
          if (request.body?.kind === 'json') {
            headers['content-type'] = 'application/json';
            options.payload = JSON.stringify(request.body.value);
          } else if (request.body?.kind === 'raw') {
            if (request.body.contentType) headers['content-type'] = request.body.contentType;
            options.payload = request.body.payload;
          } else if (request.body?.kind === 'multipart') {
            const { fields, fileField } = request.body;
            const form = multipartForm(
              fields,
              request.body.image
                ? { field: fileField, name: 'me.png', bytes: png, type: 'image/png' }
                : undefined,
            );
            Object.assign(headers, form.headers);
            options.payload = form.payload;
          }
          const response = await server.app.inject(options);
          const key = `${request.defect ? 'invalid' : 'valid'}:${response.statusCode}`;
          tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
          return { options, response };
        };

        const describeFailure = (options: InjectOptions, response: LightMyRequestResponse) =>
          `${String(options.method)} ${String(options.url)} ${JSON.stringify(options.headers)} ${String(options.payload ?? '').slice(0, 300)}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;

        const replay = async (property: fc.IAsyncProperty<[FuzzRequest]>, what: string) => {
          const seed = operationSeed(operationId);
          try {
            await fc.assert(property, {
              seed,
              numRuns: FUZZ_RUNS,
              endOnFailure: !process.env.FUZZ_SHRINK,
            });
          } catch (error) {
            throw new Error(
              `${operationId} (${dialect}), ${what}: replay with FUZZ_SEED=${FUZZ_SEED} ` +
                `(FUZZ_SHRINK=1 to shrink the counterexample)\n${clip((error as Error).message)}\n${clip(String((error as Error).cause ?? ''))}`,
              { cause: error },
            );
          }
        };

        // ---- valid requests: fresh tokens for each, since logout, a password change or a
        // reset revokes the persona's sessions.
        await replay(
          fc.asyncProperty(arbitraries.valid, async (request) => {
            const tokens = Object.fromEntries(
              await Promise.all(
                PERSONAS.map(async (persona) => [persona, await world.token(persona, kind)]),
              ),
            ) as Record<Persona, string | undefined>;
            const { options, response } = await send(request, tokens);
            tally.valid++;
            if (response.statusCode >= 500)
              throw new Error(`5xx for a valid request: ${describeFailure(options, response)}`);
            try {
              contract.check(operation.method, String(options.url), response);
            } catch (error) {
              throw new Error(
                `${(error as Error).message}\n${describeFailure(options, response)}`,
                {
                  cause: error,
                },
              );
            }
            if (response.statusCode === 400) {
              const errors =
                (response.json() as { errors?: Record<string, string[]> }).errors ?? {};
              const unexplained = Object.entries(errors).flatMap(([field, messages]) =>
                messages
                  .filter((message) => !businessRule(operation, field, message))
                  .map((m) => `${field} ${JSON.stringify(sentValue(request, field))}: ${m}`),
              );
              if (unexplained.length > 0 || Object.keys(errors).length === 0) {
                throw new Error(
                  `a valid request was refused for a rule the document does not state (${unexplained.join('; ') || 'no field errors'}): ${describeFailure(options, response)}`,
                );
              }
            }
          }),
          'a schema-valid request',
        );

        if (!arbitraries.invalid) {
          expect(NO_INPUT.has(operationId), `${operationId} has no invalid requests`).toBe(true);
          return;
        }
        // ---- invalid requests: tokens minted before the snapshot, nothing may change after.
        const tokens = Object.fromEntries(
          await Promise.all(
            PERSONAS.map(async (persona) => [persona, await world.token(persona, kind)]),
          ),
        ) as Record<Persona, string | undefined>;
        const before = await world.snapshot();
        await replay(
          fc.asyncProperty(arbitraries.invalid, async (request) => {
            const { options, response } = await send(request, tokens);
            tally.invalid++;
            const where = `(${request.defect}) ${describeFailure(options, response)}`;
            if (operationId === 'verifyEmail') {
              if (
                response.statusCode !== 302 ||
                response.headers.location !== '/login?verified=failed'
              ) {
                throw new Error(
                  `a mangled verification link did not redirect to verified=failed ${where}`,
                );
              }
            } else if (response.statusCode < 400 || response.statusCode >= 500) {
              throw new Error(`an invalid request was not refused with a 4xx ${where}`);
            }
            try {
              contract.check(operation.method, String(options.url), response);
            } catch (error) {
              throw new Error(`${(error as Error).message} ${where}`, { cause: error });
            }
          }),
          'a schema-invalid request',
        );
        expect(await world.snapshot(), 'refused requests changed the database').toBe(before);
      }, 600_000);
    }
  });
}
