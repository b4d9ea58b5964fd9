import type { z } from 'zod';
import type { Viewer } from '../auth/viewer.js';
import { checkStep, type Access, type AccessStep } from '../auth/access.js';
import type { SessionKind } from '../auth/session.entity.js';
import { procedureFor, type ProcedureMeta } from './trpc.js';

type RoleStep = Exclude<AccessStep, 'input'>;

/** The declaration's checks on one side of its input (all of them for a call without input). */
function stepsBeside(access: Access, side: 'before' | 'after'): RoleStep[] {
  const at = access.order.indexOf('input');
  return access.order.filter(
    (step, index): step is RoleStep =>
      step !== 'input' &&
      (at < 0 ? side === 'before' : side === 'before' ? index < at : index > at),
  );
}

function runSteps(access: Access, steps: readonly RoleStep[]) {
  return <T>({ ctx, next }: { ctx: { viewer: Viewer | null }; next: () => T }) => {
    for (const step of steps) checkStep(access, step, ctx.viewer);
    return next();
  };
}

/**
 * The tRPC face's gate, the twin of REST's `admit`: the checks the use case's declaration puts
 * before its input, then tRPC's input parsing, then the rest, so a call fails with the same
 * error on both faces. `ctx.viewer` stays `Viewer | null`, as REST hands it to the use cases.
 */
export function accessProcedure<TSchema extends z.ZodType>(
  access: Access,
  input: TSchema,
  meta: ProcedureMeta = {},
  token?: SessionKind | 'ignore',
) {
  return procedureFor(token)
    .meta(meta)
    .use(runSteps(access, stepsBeside(access, 'before')))
    .input(input)
    .use(runSteps(access, stepsBeside(access, 'after')));
}

/** A call without input: every check of the declaration, in its order. */
export function accessQuery(access: Access, token?: SessionKind | 'ignore') {
  return procedureFor(token).use(runSteps(access, stepsBeside(access, 'before')));
}
