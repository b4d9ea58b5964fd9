import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@recipehub/server/app-router';

/**
 * A one-call client that sends the password-reset token as the bearer instead of the stored
 * login token. Kept apart from the app's client (lib/trpc.ts) so the reset token never joins a
 * batch with other calls, and a 401 here (expired reset token) does not end a login session.
 * It lives in this lazily loaded feature. Its link is the app's httpBatchLink (a batch of one
 * call; this client sends no other): httpLink's own code would sit in the first download, in
 * the module it shares with httpBatchLink's helpers (0.27 kB gzip, measured 2026-11-24).
 */
export function resetPasswordWith(resetToken: string, password: string) {
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: 1,
        headers: () => ({ authorization: `Bearer ${resetToken}` }),
      }),
    ],
  });
  return client.accounts.resetPassword.mutate({ password });
}
