import { initTRPC, StandardSchemaV1Error, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { HTTP_CODE_TO_JSONRPC2 } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';
import { databaseUnavailable } from '../db/database-unavailable.js';
import { AppError, INTERNAL_ERROR_DETAIL, retryAfterSeconds } from '../errors/app-error.js';
import { issuesToFieldErrors } from '@recipehub/openapi/field-errors';
import { GENERAL_VALIDATION_MESSAGE } from '@recipehub/openapi/messages';
import { authenticateBearer } from '../auth/authenticate.js';
import type { SessionKind } from '../auth/session.entity.js';
import type { TrpcContext } from './context.js';

/**
 * AppError codes to tRPC codes, derived from the one status table (APP_ERROR_STATUS in
 * app-error.ts): the tRPC code whose HTTP status is the code's. A status tRPC has no code for
 * (507) keeps its status through `httpStatus` in the error's data, which tRPC's HTTP answer uses.
 */
function trpcCodeOf(error: AppError): TRPC_ERROR_CODE_KEY {
  const code = HTTP_CODE_TO_JSONRPC2[error.status as keyof typeof HTTP_CODE_TO_JSONRPC2];
  return code ?? (error.status >= 500 ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST');
}

export interface ProcedureMeta {
  /** The form-level message when the input fails validation (e.g. "User Registration failed!"). */
  validationMessage?: string;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // Field errors travel beside the message, in the same { field: [messages] } shape as REST,
      // with the domain code (e.g. EMAIL_NOT_VERIFIED) and Retry-After seconds for the web app.
      const cause = error.cause instanceof AppError ? error.cause : undefined;
      // Anything else that fails on our side (a database error, a bug) says only what REST's 500
      // says: tRPC would copy the thrown error's message, SQL and all, into the answer.
      if (!cause && shape.data.httpStatus >= 500) {
        return {
          ...shape,
          message: INTERNAL_ERROR_DETAIL,
          data: {
            code: shape.data.code,
            httpStatus: shape.data.httpStatus,
            path: shape.data.path,
            appCode: null,
            fieldErrors: null,
            retryAfterSeconds: null,
          },
        };
      }
      return {
        ...shape,
        data: {
          ...shape.data,
          // The status REST answers for the same AppError (e.g. 507), not tRPC's guess from its code.
          httpStatus: cause?.status ?? shape.data.httpStatus,
          stack: undefined,
          appCode: cause?.code ?? null,
          fieldErrors: cause?.fieldErrors ?? null,
          retryAfterSeconds: cause ? (retryAfterSeconds(cause) ?? null) : null,
        },
      };
    },
  });

/** Turns domain errors and input validation failures into tRPC errors once, for every procedure. */
const translateErrors = t.middleware(async ({ next, meta }) => {
  const result = await next();
  if (result.ok) return result;
  let cause = result.error.cause;
  // zod schemas fail with a ZodError (tRPC calls parseAsync); other Standard Schema libraries with
  // StandardSchemaV1Error. Both become the same field errors as on REST.
  if (cause instanceof ZodError || cause instanceof StandardSchemaV1Error) {
    cause = new AppError(
      'VALIDATION_FAILED',
      meta?.validationMessage ?? GENERAL_VALIDATION_MESSAGE,
      issuesToFieldErrors(cause.issues),
    );
  }
  // A database that is away or frozen: SERVICE_UNAVAILABLE (HTTP 503), never the driver's text.
  cause = databaseUnavailable(cause) ?? cause;
  if (cause instanceof AppError) {
    throw new TRPCError({ code: trpcCodeOf(cause), message: cause.detail, cause });
  }
  return result;
});

/** Resolves the bearer token: no header is anonymous, a bad one is UNAUTHORIZED on any procedure. */
const authenticate = (accept: SessionKind) =>
  t.middleware(async ({ ctx, next }) => {
    const viewer = await authenticateBearer(ctx.database, ctx.authorization, accept);
    return next({ ctx: { viewer } });
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone; a token sent along must be a valid login token. `ctx.viewer` may be null. */
export const publicProcedure = t.procedure.use(translateErrors).use(authenticate('login'));

/** Checks credentials in its input (login): a bearer token sent along is ignored. */
export const credentialsProcedure = t.procedure
  .use(translateErrors)
  .use(({ next }) => next({ ctx: { viewer: null } }));

/** Only the short-lived reset token from verify-otp (reset-password). */
export const resetTokenProcedure = t.procedure
  .use(translateErrors)
  .use(authenticate('password-reset'));

/** The builder for the bearer token a use case takes (auth/use-case.ts, `token`). */
export function procedureFor(token: SessionKind | 'ignore' = 'login'): typeof publicProcedure {
  if (token === 'ignore') return credentialsProcedure;
  return token === 'password-reset' ? resetTokenProcedure : publicProcedure;
}
