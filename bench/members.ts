import { DEFAULT_RATE_LIMITS } from '../server/src/security/rate-limiter.js';
import { userEmail } from './dataset.js';
import { BENCH_PASSWORD } from './seed.js';
import { memberIds } from './traffic.js';

/** The members who write in the write phase. */
export const MEMBER_COUNT = 20;

/**
 * Rate limits are never switched off for the bench. Each server process signs its members in
 * once, through the real login call, from one IP: that must stay under the login limit per IP (30
 * per 15 minutes; per account it is 10, and each member signs in once), or the bench would
 * measure 429s. Every login answer is checked to be 200 as well.
 */
function assertUnderLoginLimits(logins: number): void {
  const { ip } = DEFAULT_RATE_LIMITS.login;
  if (!ip) throw new Error('the login limit per IP is gone from DEFAULT_RATE_LIMITS');
  if (logins > ip.points) {
    throw new Error(
      `${logins} logins from one IP exceed the login limit (${ip.points} per ` +
        `${ip.durationSeconds} s, server/src/security/rate-limiter.ts): lower MEMBER_COUNT`,
    );
  }
}

/** Signs the members in (POST /api/accounts/login/) and returns their bearer tokens. */
export async function signInMembers(base: string): Promise<string[]> {
  assertUnderLoginLimits(MEMBER_COUNT);
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
