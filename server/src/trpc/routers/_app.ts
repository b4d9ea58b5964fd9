import { isDatabaseReachable } from '../../db/open-database.js';
import { publicProcedure, router } from '../trpc.js';
import { accountsRouter } from './accounts.js';
import { contactRouter } from './contact.js';
import { leftoversRouter } from './leftovers.js';
import { categoriesRouter, commentsRouter, recipesRouter, reviewsRouter } from './recipes.js';
import { recipeImportRouter } from '../../modules/recipe-import/recipe-import.trpc.js';

export const appRouter = router({
  accounts: accountsRouter,
  contact: contactRouter,
  categories: categoriesRouter,
  recipes: recipesRouter,
  recipeImport: recipeImportRouter,
  reviews: reviewsRouter,
  comments: commentsRouter,
  leftovers: leftoversRouter,
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
});

export type AppRouter = typeof appRouter;
