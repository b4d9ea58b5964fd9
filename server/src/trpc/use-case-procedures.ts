import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { NO_INPUT, type CallMeta, type TrpcUseCase, type UseCase } from '../auth/use-case.js';
import type { Viewer } from '../auth/viewer.js';
import type { TrpcContext } from './context.js';
import { accessProcedure, accessQuery } from './access-procedure.js';
import { router, type ProcedureMeta } from './trpc.js';

/** The procedure tRPC would infer for the use case written by hand, so `AppRouter` keeps its types. */
type ProcedureOf<U> =
  U extends UseCase<infer Schema, infer Output, infer Kind, infer _Extra>
    ? [Kind] extends ['query']
      ? TRPCQueryProcedure<{ input: z.input<Schema>; output: Output; meta: ProcedureMeta }>
      : TRPCMutationProcedure<{ input: z.input<Schema>; output: Output; meta: ProcedureMeta }>
    : never;

/**
 * The tRPC face of one declared use case (auth/use-case.ts): the declaration's checks around
 * tRPC's parse of its input (`accessProcedure`), then the handler.
 */
export function useCaseProcedure<U extends TrpcUseCase>(useCase: U): ProcedureOf<U> {
  const { access, input: schema, token, trpc } = useCase;
  const withInput = () =>
    accessProcedure(access, schema, { validationMessage: trpc.validationMessage }, token);
  // Without input, the checks run as declared and tRPC ignores what is sent, as REST does.
  const procedure =
    schema === NO_INPUT
      ? (accessQuery(access, token) as unknown as ReturnType<typeof withInput>)
      : withInput();
  const resolve = ({
    ctx,
    input,
  }: {
    ctx: TrpcContext & { viewer: Viewer | null };
    input: unknown;
  }) => useCase.run(ctx.deps, ctx.viewer, input, callMeta(ctx));
  if (trpc.kind === 'query') return procedure.query(resolve) as unknown as ProcedureOf<U>;
  return procedure.mutation(resolve) as unknown as ProcedureOf<U>;
}

/**
 * tRPC's client hooks, the web app's: its login also gets the dashboard's page cookie; an
 * in-process caller (tests) has neither cookie, only its IP.
 */
function callMeta(ctx: TrpcContext): CallMeta {
  return {
    ip: ctx.ip,
    loginClient: () => ctx.loginClient ?? { ip: ctx.ip },
    clearPageCookie: () => ctx.clearPageCookie?.(),
  };
}

/** The procedures of declared use cases, named as the module lists them. */
export function useCaseProcedures<R extends Record<string, TrpcUseCase>>(useCases: R) {
  return Object.fromEntries(
    Object.entries(useCases).map(([name, useCase]) => [name, useCaseProcedure(useCase)]),
  ) as { [K in keyof R]: ProcedureOf<R[K]> };
}

/** A router of declared use cases (`reviews.*`). */
export function useCaseRouter<R extends Record<string, TrpcUseCase>>(useCases: R) {
  return router(useCaseProcedures(useCases));
}
