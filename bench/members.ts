import { userEmail } from './dataset.js';
import { BENCH_PASSWORD } from './seed.js';
import { memberIds } from './traffic.js';

/** The members who write in the write phase. */
export const MEMBER_COUNT = 20;

/**
 * Signs the members in (POST /api/accounts/login/) and returns their bearer tokens. Rate limits
 * are never switched off for the bench: each server process signs its members in once, through
 * the real login call, from one IP. The login limits count failures only
 * (server/src/security/rate-limiter.ts), so right passwords never meet them; every login answer
 * is checked to be 200.
 */
export async function signInMembers(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const id of memberIds(MEMBER_COUNT)) {
    const response = await fetch(`${base}/api/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: userEmail(id), password: BENCH_PASSWORD }),
    });
    const body = (await response.json()) as { token?: string; status?: string };
    if (response.status !== 200 || typeof body.token !== 'string') {
      throw new Error(
        `login of ${userEmail(id)} answered ${response.status} (${body.status}); ` +
          (response.status === 429 ? 'the login rate limit was hit' : 'expected 200 with a token'),
      );
    }
    tokens.push(body.token);
  }
  return tokens;
}
