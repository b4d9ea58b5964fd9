import type { AppConfig } from '../config/config.js';
import type { Orm } from '../db/database.js';
import { verifyPassword } from '../modules/users/password.js';
import { normaliseEmail, User } from '../modules/users/user.entity.js';
import { DEMO_USER_PASSWORD } from './demo-seeder.js';

/** A demo chef every seeding creates: if it has the published password, they all do. */
const SAMPLE_DEMO_CHEF = 'nusrat.jahan@recipehub.local';

/**
 * Accounts that still sign in with a password published in the source or the README (the demo
 * admin's default or configured one, or `recipehub-demo`): a database seeded in demo mode that is
 * now served with demo mode off. Two password checks at boot (about 80 ms); the server warns.
 */
export async function accountsWithPublishedPasswords(
  orm: Orm,
  config: Pick<AppConfig, 'demoAdmin'>,
): Promise<string[]> {
  const em = orm.em.fork();
  const candidates: [string, string][] = [
    [normaliseEmail(config.demoAdmin.email), config.demoAdmin.password],
    [SAMPLE_DEMO_CHEF, DEMO_USER_PASSWORD],
  ];
  const found: string[] = [];
  for (const [email, password] of candidates) {
    const user = await em.findOne(User, { email }, { fields: ['passwordHash'] });
    if (user && (await verifyPassword(user.passwordHash, password))) found.push(email);
  }
  return found;
}
