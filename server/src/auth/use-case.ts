import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../errors/field-errors.js';
import type { RequestMeta, ServiceDeps } from '../modules/shared/service-deps.js';
import { requireAccess, type Access, type Who } from './access.js';
import type { LoginClient } from './login-client.js';
import type { SessionKind } from './session.entity.js';
import type { Viewer } from './viewer.js';

/** What the REST face reads a call's input from: Fastify's request, narrowed to its parts. */
export interface RestRequest {
  params: Record<string, string | undefined>;
  query: unknown;
  body: unknown;
}

/** Who the handler is handed: known to be logged in when its access asks for a member or Admin. */
export type CallerOf<W extends Who> = W extends 'public' ? Viewer | null : Viewer;

/**
 * What a handler may learn of the request beyond its input, and hand back to the client outside
 * its answer. Each face builds its own (REST: the device token also in a header, no page cookie;
 * tRPC, the web app's: the page cookie too); a direct caller passes the IP alone.
 */
export interface CallMeta extends RequestMeta {
  /** The client as sign-in sees it: its device token and how to hand it tokens (cookies). */
  loginClient?: () => LoginClient;
  /** Drops the dashboard's page cookie (logout). */
  clearPageCookie?: () => void;
}

/**
 * How the REST face reads the input: from params, query and a parsed body (`read`, at the
 * `input` step of the access declaration), or from a body Fastify has not read (`readForm`: a
 * multipart form, read as it arrives; the checks before it run before a byte is read).
 */
type RestRead<Input> =
  | {
      /**
       * The REST shape of the input: params, query and body assembled into what `run` takes, with
       * the REST façade's error texts (a path id is checked as text, a body's fields keep their
       * own keys).
       */
      read: (request: RestRequest) => Input;
      readForm?: never;
    }
  | {
      /** A multipart body (its limits passed to `request.parts`), or JSON when it is not one. */
      readForm: (request: FastifyRequest) => Promise<Input>;
      read?: never;
    };

export type RestBinding<Input, Output> = RestRead<Input> & {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's syntax (`/api/recipes/reviews/:id/`), as the contract names the path. */
  path: string;
  /** Other paths the contract gives the same call (an old spelling kept for its clients). */
  alsoAt?: readonly string[];
  /** The success status; 204 sends no body. */
  status?: 200 | 201 | 204;
  /** Headers the REST answer carries (a list of private messages: `cache-control: no-store`). */
  headers?: Record<string, string>;
  /** A spec-specific REST answer (the leftover writes' rows changed); by default the output. */
  answer?(output: Output): unknown;
  /**
   * The shape of REST's refusals: problem details, or the account calls' own envelope
   * `{status, message, errors?}` (http/account-envelope.ts).
   */
  errors?: 'problem-details' | 'account-envelope';
};

/** The kinds of call: tRPC's two, or `none` for a REST-only call (a multipart upload). */
export type CallKind = 'query' | 'mutation' | 'none';

export interface TrpcBinding<Kind extends CallKind> {
  kind: Kind;
  /** The form-level message when the input fails validation (tRPC's procedure meta). */
  validationMessage?: string;
}

/** Nothing beyond the schema's output: what most use cases take. */
type NoExtra = Record<never, never>;

/**
 * The handler's input: the schema's output, and what only REST can carry (a form's file, `Extra`),
 * absent when tRPC calls.
 */
export type HandlerInput<Schema extends z.ZodType, Extra> = z.output<Schema> & Partial<Extra>;

/**
 * One use case, declared once: who may call it, the tRPC input schema, both bindings and the
 * handler. `http/use-case-routes.ts` makes its REST route and `trpc/use-case-procedures.ts` its
 * tRPC procedure; `run` checks the access itself, so a direct caller is held too.
 */
export interface UseCase<
  Schema extends z.ZodType = z.ZodType,
  Output = unknown,
  Kind extends CallKind = CallKind,
  Extra = NoExtra,
> {
  access: Access;
  input: Schema;
  /**
   * The bearer token the call takes on both faces: a login token (the default), the password
   * reset token (reset-password), or none (`ignore`: login checks credentials in its input).
   */
  token?: SessionKind | 'ignore';
  rest: RestBinding<z.output<Schema> & Extra, Output>;
  trpc: TrpcBinding<Kind>;
  run(
    deps: ServiceDeps,
    viewer: Viewer | null,
    input: HandlerInput<Schema, Extra>,
    meta: CallMeta,
  ): Promise<Output>;
}

// `any` in the schema's place: a use case's `run` and `read` take its own input, which
// `unknown` would not accept (parameters are contravariant).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyUseCase = UseCase<any, unknown, CallKind, any>;

/** A use case with a tRPC face (not `kind: 'none'`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TrpcUseCase = UseCase<any, unknown, 'query' | 'mutation', any>;

export interface UseCaseDeclaration<
  Schema extends z.ZodType,
  Output,
  Kind extends CallKind,
  W extends Who,
  Extra,
> extends Omit<UseCase<Schema, Output, Kind, Extra>, 'access' | 'run'> {
  access: Access<W>;
  /** `meta` holds the request's facts (the client IP, for rate limits) and its client's hooks. */
  handle(
    deps: ServiceDeps,
    caller: CallerOf<W>,
    input: HandlerInput<Schema, Extra>,
    meta: CallMeta,
  ): Promise<Output>;
}

export function defineUseCase<
  Schema extends z.ZodType,
  Output,
  Kind extends CallKind,
  W extends Who,
  Extra = NoExtra,
>(
  declaration: UseCaseDeclaration<Schema, Output, Kind, W, Extra>,
): UseCase<Schema, Output, Kind, Extra> {
  const { handle, ...rest } = declaration;
  return {
    ...rest,
    run: (deps, viewer, input, meta) =>
      handle(deps, requireAccess(declaration.access, viewer) as CallerOf<W>, input, meta),
  };
}

/**
 * The input of a call that takes none (`categories.list`): its tRPC procedure has no `.input()`,
 * so whatever a client sends is ignored there as on REST.
 */
export const NO_INPUT = z.void();

/** The common REST shapes: the whole input from the body, or from the query string. */
export function fromBody<S extends z.ZodType>(schema: S, message?: string) {
  return (request: RestRequest): z.output<S> => parseInput(schema, request.body, message);
}

export function fromQuery<S extends z.ZodType>(schema: S, message?: string) {
  return (request: RestRequest): z.output<S> => parseInput(schema, request.query, message);
}
