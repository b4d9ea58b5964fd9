import { z } from 'zod';
import { parseInput } from '../errors/field-errors.js';
import type { RequestMeta, ServiceDeps } from '../modules/shared/service-deps.js';
import { requireAccess, type Access, type Who } from './access.js';
import type { Viewer } from './viewer.js';

/** What the REST face reads a call's input from: Fastify's request, narrowed to its parts. */
export interface RestRequest {
  params: Record<string, string | undefined>;
  query: unknown;
  body: unknown;
}

/** Who the handler is handed: known to be logged in when its access asks for a member or Admin. */
export type CallerOf<W extends Who> = W extends 'public' ? Viewer | null : Viewer;

export interface RestBinding<Input, Output> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's syntax (`/api/recipes/reviews/:id/`), as the contract names the path. */
  path: string;
  /** The success status; 204 sends no body. */
  status?: 200 | 201 | 204;
  /**
   * The REST shape of the input: params, query and body assembled into what `run` takes, with the
   * REST façade's error texts (a path id is checked as text, a body's fields keep their own keys).
   * Called at the `input` step of the access declaration.
   */
  read: (request: RestRequest) => Input;
  /** Headers the REST answer carries (a list of private messages: `cache-control: no-store`). */
  headers?: Record<string, string>;
  /** A spec-specific REST answer (the leftover writes' rows changed); by default the output. */
  answer?(output: Output): unknown;
}

export interface TrpcBinding<Kind extends 'query' | 'mutation'> {
  kind: Kind;
  /** The form-level message when the input fails validation (tRPC's procedure meta). */
  validationMessage?: string;
}

/**
 * One use case, declared once: who may call it, the tRPC input schema, both bindings and the
 * handler. `http/use-case-routes.ts` makes its REST route and `trpc/use-case-procedures.ts` its
 * tRPC procedure; `run` checks the access itself, so a direct caller is held too.
 */
export interface UseCase<
  Schema extends z.ZodType = z.ZodType,
  Output = unknown,
  Kind extends 'query' | 'mutation' = 'query' | 'mutation',
> {
  access: Access;
  input: Schema;
  rest: RestBinding<z.output<Schema>, Output>;
  trpc: TrpcBinding<Kind>;
  run(
    deps: ServiceDeps,
    viewer: Viewer | null,
    input: z.output<Schema>,
    meta: RequestMeta,
  ): Promise<Output>;
}

// `any` in the schema's place: a use case's `run` and `read` take its own input, which
// `unknown` would not accept (parameters are contravariant).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyUseCase = UseCase<any, unknown>;

export interface UseCaseDeclaration<
  Schema extends z.ZodType,
  Output,
  Kind extends 'query' | 'mutation',
  W extends Who,
> extends Omit<UseCase<Schema, Output, Kind>, 'access' | 'run'> {
  access: Access<W>;
  /** `meta` holds the request's facts: the client IP, for rate limits. */
  handle(
    deps: ServiceDeps,
    caller: CallerOf<W>,
    input: z.output<Schema>,
    meta: RequestMeta,
  ): Promise<Output>;
}

export function defineUseCase<
  Schema extends z.ZodType,
  Output,
  Kind extends 'query' | 'mutation',
  W extends Who,
>(declaration: UseCaseDeclaration<Schema, Output, Kind, W>): UseCase<Schema, Output, Kind> {
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
