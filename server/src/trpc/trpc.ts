import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { AppError, type AppErrorCode } from '../errors/app-error.js';
import type { TrpcContext } from './context.js';

const TRPC_CODES: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION_FAILED: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'INTERNAL_SERVER_ERROR',
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    // Field errors travel beside the message so forms can show them next to each field.
    const cause = error.cause;
    const fieldErrors = cause instanceof AppError ? cause.fieldErrors : undefined;
    return {
      ...shape,
      data: { ...shape.data, stack: undefined, fieldErrors: fieldErrors ?? null },
    };
  },
});

/** Turns domain errors into tRPC errors once, for every procedure. */
const translateErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.detail, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(translateErrors);
export const createCallerFactory = t.createCallerFactory;
