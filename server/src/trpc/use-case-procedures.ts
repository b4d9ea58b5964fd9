import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { NO_INPUT, type AnyUseCase, type UseCase } from '../auth/use-case.js';
import { accessProcedure, accessQuery } from './access-procedure.js';
import { router, type ProcedureMeta } from './trpc.js';

/** The procedure tRPC would infer for the use case written by hand, so `AppRouter` keeps its types. */
type ProcedureOf<U> =
  U extends UseCase<infer Schema, infer Output, infer Kind>
    ? [Kind] extends ['query']
      ? TRPCQueryProcedure<{ input: z.input<Schema>; output: Output; meta: ProcedureMeta }>
      : TRPCMutationProcedure<{ input: z.input<Schema>; output: Output; meta: ProcedureMeta }>
    : never;

/**
 * The tRPC face of one declared use case (auth/use-case.ts): the declaration's checks around
 * tRPC's parse of its input (`accessProcedure`), then the handler.
 */
export function useCaseProcedure<U extends AnyUseCase>(useCase: U): ProcedureOf<U> {
  const withInput = () =>
    accessProcedure(useCase.access, useCase.input, {
      validationMessage: useCase.trpc.validationMessage,
    });
  // Without input, the checks run as declared and tRPC ignores what is sent, as REST does.
  const procedure =
    useCase.input === NO_INPUT
      ? (accessQuery(useCase.access) as unknown as ReturnType<typeof withInput>)
      : withInput();
  if (useCase.trpc.kind === 'query') {
    return procedure.query(({ ctx, input }) =>
      useCase.run(ctx.deps, ctx.viewer, input, { ip: ctx.ip }),
    ) as unknown as ProcedureOf<U>;
  }
  return procedure.mutation(({ ctx, input }) =>
    useCase.run(ctx.deps, ctx.viewer, input, { ip: ctx.ip }),
  ) as unknown as ProcedureOf<U>;
}

/** The procedures of declared use cases, named as the module lists them. */
export function useCaseProcedures<R extends Record<string, AnyUseCase>>(useCases: R) {
  return Object.fromEntries(
    Object.entries(useCases).map(([name, useCase]) => [name, useCaseProcedure(useCase)]),
  ) as { [K in keyof R]: ProcedureOf<R[K]> };
}

/** A router of declared use cases (`reviews.*`). */
export function useCaseRouter<R extends Record<string, AnyUseCase>>(useCases: R) {
  return router(useCaseProcedures(useCases));
}
