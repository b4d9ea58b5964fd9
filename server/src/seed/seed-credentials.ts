import type { AppConfig } from '../config/config.js';
import { DEMO_USER_PASSWORD, type SeedOptions } from './demo-seeder.js';
import { randomPassword } from './random-password.js';

export interface SeedCredentials extends Pick<SeedOptions, 'admin' | 'peoplePassword'> {
  /** True when the admin's password was generated now: it is shown once and never again. */
  generated: boolean;
}

/**
 * The passwords the demo data is seeded with. Only in demo mode are they the published ones (the
 * demo admin's from DEMO_ADMIN_PASSWORD, the chefs' and users' `recipehub-demo`); otherwise the
 * admin gets a random password (told once to whoever seeds) and every other account its own
 * random one, so no installation shares a password written in the source.
 */
export function seedCredentials(config: AppConfig): SeedCredentials {
  if (config.demoMode) {
    return { admin: config.demoAdmin, peoplePassword: DEMO_USER_PASSWORD, generated: false };
  }
  return {
    admin: { email: config.demoAdmin.email, password: randomPassword() },
    generated: true,
  };
}

/** How to sign in after seeding with `credentials`, one line each, for the terminal or the log. */
export function describeSignIn(credentials: SeedCredentials): string[] {
  const { admin } = credentials;
  if (credentials.generated) {
    return [
      `sign in as ${admin.email} with password ${admin.password} (generated for this installation and shown only now; only its hash is stored)`,
      'the demo chefs and users have random passwords nobody knows (demo mode is off)',
    ];
  }
  return [
    `demo mode: sign in as ${admin.email} with password ${admin.password} (DEMO_ADMIN_PASSWORD or its default)`,
    `demo mode: chefs and users such as nusrat.jahan@recipehub.local use "${credentials.peoplePassword ?? ''}"`,
  ];
}
