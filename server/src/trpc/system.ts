import { isDatabaseReachable } from '../db/open-database.js';
import { publicProcedure } from './trpc.js';

/** health and demoLogin: the app's own calls, beside the modules' routers in app-router.ts. */
export const systemProcedures = {
  /** Same answer as GET /api/health, for the web app's status checks. */
  health: publicProcedure.query(async ({ ctx }) => {
    const up = await isDatabaseReachable(ctx.orm);
    return { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' } as const;
  }),
  /**
   * What the sign-in page shows: the demo admin's login, only in demo mode (null otherwise). When
   * demo mode is on only because the server listens on loopback, a request that came through a
   * proxy on this machine is answered null too: whoever is behind that proxy is not local.
   */
  demoLogin: publicProcedure.query(({ ctx }) =>
    ctx.config.demoMode && (ctx.config.demoModeForced || !ctx.forwarded)
      ? { email: ctx.config.demoAdmin.email, password: ctx.config.demoAdmin.password }
      : null,
  ),
};
