import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { TRPCClientError, TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@recipehub/server/app-router';
import { clearSession, readToken } from './token-store';

export const trpc = createTRPCReact<AppRouter>();

/** Fired when a call other than login answers 401: the session is over (spec §4, §8). */
export const SESSION_EXPIRED_EVENT = 'recipehub:session-expired';

/*
 * Set when a session ends before anything listens (a read started before React's first render,
 * such as home's prefetch); the router's listener reads it once it is mounted.
 */
let expiredBeforeListening = false;

/** True once if a session ended while no listener was mounted yet. */
export function takeUnheardSessionExpiry(): boolean {
  const expired = expiredBeforeListening;
  expiredBeforeListening = false;
  return expired;
}

// Login answers 401 for wrong credentials; that is a form error, not an expired session.
const CREDENTIAL_PATHS = new Set(['accounts.login']);

const expireSessionOn401: TRPCLink<AppRouter> = () => {
  return ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error(error) {
          const status = (error as TRPCClientError<AppRouter>).data?.httpStatus;
          if (status === 401 && !CREDENTIAL_PATHS.has(op.path) && readToken() !== null) {
            clearSession();
            expiredBeforeListening = true;
            window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
          }
          observer.error(error);
        },
      }),
    );
};

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      expireSessionOn401,
      httpBatchLink({
        url: '/trpc',
        // Every request carries the stored token (spec §7).
        headers() {
          const token = readToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}
