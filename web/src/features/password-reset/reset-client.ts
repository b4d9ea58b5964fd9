import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@recipehub/server/app-router';

/**
 * A one-call client that sends the password-reset token as the bearer instead of the stored
 * login token. Kept apart from the app's client (lib/trpc.ts) so the reset token never joins a
 * batch with other calls, and a 401 here (expired reset token) does not end a login session.
 * It lives in this lazily loaded feature, so the first download does not grow.
 */
export function resetPasswordWith(resetToken: string, password: string) {
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: '/trpc', headers: () => ({ authorization: `Bearer ${resetToken}` }) })],
  });
  return client.accounts.resetPassword.mutate({ password });
}
