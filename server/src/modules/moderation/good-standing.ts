import type { AppConfig } from '../../config/config.js';
import { toDate } from '../shared/sql.js';

/** A member as the trust rules see them (issue 30, items 3 and 5). */
export interface StandingRow {
  email_verified_at: unknown;
}

const HOUR_MS = 3_600_000;

/**
 * Whether a member is in good standing at `now`: verified, not new (verified at least
 * NEW_ACCOUNT_HOURS ago) and not suspended. Suspensions are not modelled yet: when they arrive,
 * their check joins here (and `StandingRow` gains the column), and every rule asking for good
 * standing (today the automatic hiding) follows.
 */
export function inGoodStanding(
  member: StandingRow,
  config: Pick<AppConfig, 'newAccountHours'>,
  now: Date,
): boolean {
  if (member.email_verified_at === null || member.email_verified_at === undefined) return false;
  const verifiedAt = toDate(member.email_verified_at).getTime();
  return verifiedAt <= now.getTime() - config.newAccountHours * HOUR_MS;
}
