import { ACCOUNT_USE_CASES } from './modules/accounts/accounts.js';
import { BLOCK_USE_CASES } from './modules/accounts/blocks.js';
import { USER_ADMIN_USE_CASES } from './modules/accounts/user-admin-use-cases.js';
import { CATEGORY_USE_CASES } from './modules/categories/categories.js';
import { COMMENT_USE_CASES } from './modules/comments/comments.js';
import { CONTACT_USE_CASES } from './modules/contact/contact.js';
import { CUSTOMER_USE_CASES } from './modules/customers/customers.js';
import { PRODUCT_USE_CASES } from './modules/products/products.js';
import { REACTION_USE_CASES } from './modules/reactions/reactions.js';
import { RECIPE_IMPORT_USE_CASES } from './modules/recipe-import/import-recipe.js';
import { RECIPE_USE_CASES } from './modules/recipes/recipes.js';
import { REVIEW_USE_CASES } from './modules/reviews/reviews.js';
import { REPORT_USE_CASES } from './modules/reports/reports.js';
import { AUDIT_USE_CASES } from './modules/audit/audit-log.js';
import { MODERATION_USE_CASES } from './modules/moderation/moderation.js';
import { SAVE_USE_CASES } from './modules/saves/save-toggle.js';
import { router } from './trpc/trpc.js';
import { systemProcedures } from './trpc/system.js';
import { useCaseProcedures, useCaseRouter } from './trpc/use-case-procedures.js';

/** Assembles the modules' tRPC faces; each procedure lives beside its use case. */
export const appRouter = router({
  accounts: router({
    ...useCaseProcedures(ACCOUNT_USE_CASES),
    users: useCaseRouter(USER_ADMIN_USE_CASES),
    blocks: useCaseRouter(BLOCK_USE_CASES),
  }),
  contact: useCaseRouter(CONTACT_USE_CASES),
  categories: useCaseRouter(CATEGORY_USE_CASES),
  recipes: router({
    ...useCaseProcedures(RECIPE_USE_CASES),
    ...useCaseProcedures(SAVE_USE_CASES),
    ...useCaseProcedures(REACTION_USE_CASES),
  }),
  recipeImport: useCaseRouter(RECIPE_IMPORT_USE_CASES),
  reviews: useCaseRouter(REVIEW_USE_CASES),
  comments: useCaseRouter(COMMENT_USE_CASES),
  reports: useCaseRouter(REPORT_USE_CASES),
  moderation: useCaseRouter({ ...MODERATION_USE_CASES, ...AUDIT_USE_CASES }),
  leftovers: router({
    customers: useCaseRouter(CUSTOMER_USE_CASES),
    products: useCaseRouter(PRODUCT_USE_CASES),
  }),
  ...systemProcedures,
});

export type AppRouter = typeof appRouter;
