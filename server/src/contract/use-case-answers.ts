/**
 * Compile-time proof that every use case answers what openapi/recipehub.openapi.yaml promises.
 * The YAML is the source of truth; `npm run contract:generate` turns it into
 * openapi/generated/schema.ts, and this file fails the typecheck (`tsc -p server`) when a use
 * case's answer drifts from it: a missing or mistyped field, or a field the contract does not list
 * (so nothing internal can leak into an answer unnoticed). Both faces share these answers: the REST
 * handlers send them as they are and the tRPC procedures return them.
 */
import type { paths } from '../../../openapi/generated/schema.js';
import type { Check, Fits } from '@recipehub/openapi/type-fit';
import type { getOwnProfile, updateOwnProfile } from '../modules/accounts/profile.js';
import type { login } from '../modules/accounts/login.js';
import type { register } from '../modules/accounts/register.js';
import type { resendVerification } from '../modules/accounts/resend-verification.js';
import type { resetPassword, verifyPasswordResetCode } from '../modules/accounts/password-reset.js';
import type { getUser, listUsers, updateUserRole } from '../modules/accounts/user-admin.js';
import type {
  createCategory,
  listCategories,
  renameCategory,
} from '../modules/categories/categories.js';
import type { addComment } from '../modules/comments/comments.js';
import type { createContactMessage, listContactMessages } from '../modules/contact/contact.js';
import type { createReport } from '../modules/reports/reports.js';
import type { moderationAct } from '../modules/moderation/moderation.js';
import type { listAuditLog } from '../modules/audit/audit-log.js';
import type { listBlocks } from '../modules/accounts/blocks.js';
import type {
  createCustomer,
  listCustomers,
  ROWS_CHANGED,
} from '../modules/customers/customers.js';
import type { listProducts } from '../modules/products/products.js';
import type { listReactions, toggleReaction } from '../modules/reactions/reactions.js';
import type {
  getRecipe,
  listRecipes,
  listTrendingRecipes,
} from '../modules/recipes/recipe-list.js';
import type { listRecipesByUser } from '../modules/recipes/recipes-by-user.js';
import type { createRecipe, updateRecipe } from '../modules/recipes/recipe-write.js';
import type { importRecipe } from '../modules/recipe-import/import-recipe.js';
import type { createReview, listReviews, updateReview } from '../modules/reviews/reviews.js';
import type { toggleSave } from '../modules/saves/save-toggle.js';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The JSON body the contract documents for one path, method and status. */
type ContractBody<P extends keyof paths, M extends Method, S extends number> = paths[P][M] extends {
  responses: Record<S, { content: { 'application/json': infer Body } }>;
}
  ? Body
  : never;

/** What a use case answers: a declared one's `run` (auth/use-case.ts), or a plain service function. */
type Answer<F> = F extends { run: (...args: never[]) => infer R }
  ? Awaited<R>
  : F extends (...args: never[]) => infer R
    ? Awaited<R>
    : never;

export type UseCaseAnswersFitTheContract = [
  // accounts
  Check<Fits<Answer<typeof register>, ContractBody<'/api/accounts/register/', 'post', 201>>>,
  Check<Fits<Answer<typeof login>, ContractBody<'/api/accounts/login/', 'post', 200>>>,
  Check<
    Fits<
      Answer<typeof resendVerification>,
      ContractBody<'/api/users/resend-verification/', 'post', 200>
    >
  >,
  Check<
    Fits<
      Answer<typeof verifyPasswordResetCode>,
      ContractBody<'/api/accounts/verify-otp/', 'post', 200>
    >
  >,
  Check<
    Fits<Answer<typeof resetPassword>, ContractBody<'/api/accounts/reset-password/', 'post', 200>>
  >,
  Check<Fits<Answer<typeof getOwnProfile>, ContractBody<'/api/accounts/profile/', 'get', 200>>>,
  Check<
    Fits<Answer<typeof updateOwnProfile>, ContractBody<'/api/accounts/profile/update/', 'put', 200>>
  >,
  Check<Fits<Answer<typeof listUsers>, ContractBody<'/api/accounts/profile/all/', 'get', 200>>>,
  Check<Fits<Answer<typeof getUser>, ContractBody<'/api/accounts/profile/{email}/', 'get', 200>>>,
  Check<
    Fits<
      Answer<typeof updateUserRole>,
      ContractBody<'/api/accounts/profile/{email}/update-role/', 'put', 200>
    >
  >,
  // contact
  Check<Fits<Answer<typeof createContactMessage>, ContractBody<'/api/contact/', 'post', 201>>>,
  // reports
  Check<Fits<Answer<typeof createReport>, ContractBody<'/api/reports/', 'post', 201>>>,
  Check<Fits<Answer<typeof moderationAct>, ContractBody<'/api/moderation/actions/', 'post', 200>>>,
  // the audit log
  Check<Fits<Answer<typeof listAuditLog>, ContractBody<'/api/moderation/audit/', 'get', 200>>>,
  // blocks
  Check<Fits<Answer<typeof listBlocks>, ContractBody<'/api/accounts/blocks/', 'get', 200>>>,
  Check<
    Fits<Answer<typeof listContactMessages>, ContractBody<'/api/contact/messages/', 'get', 200>>
  >,
  // recipes
  Check<Fits<Answer<typeof listCategories>, ContractBody<'/api/recipes/categories/', 'get', 200>>>,
  Check<Fits<Answer<typeof createCategory>, ContractBody<'/api/recipes/categories/', 'post', 201>>>,
  Check<
    Fits<Answer<typeof renameCategory>, ContractBody<'/api/recipes/categories/{id}/', 'put', 200>>
  >,
  Check<
    Fits<
      Answer<typeof listTrendingRecipes>,
      ContractBody<'/api/recipes/lists/most_liked/', 'get', 200>
    >
  >,
  Check<Fits<Answer<typeof listRecipes>, ContractBody<'/api/recipes/lists/', 'get', 200>>>,
  Check<Fits<Answer<typeof createRecipe>, ContractBody<'/api/recipes/lists/', 'post', 201>>>,
  Check<Fits<Answer<typeof importRecipe>, ContractBody<'/api/recipes/import/', 'post', 200>>>,
  Check<Fits<Answer<typeof getRecipe>, ContractBody<'/api/recipes/lists/{id}/', 'get', 200>>>,
  Check<Fits<Answer<typeof updateRecipe>, ContractBody<'/api/recipes/lists/{id}/', 'put', 200>>>,
  Check<
    Fits<
      Answer<typeof listRecipesByUser>,
      ContractBody<'/api/recipes/by-user/{email}/', 'get', 200>
    >
  >,
  Check<
    Fits<Answer<typeof toggleSave>, ContractBody<'/api/recipes/lists/{id}/save/', 'post', 200>>
  >,
  Check<
    Fits<Answer<typeof toggleReaction>, ContractBody<'/api/recipes/lists/{id}/like/', 'post', 200>>
  >,
  Check<Fits<Answer<typeof listReactions>, ContractBody<'/api/recipes/reactions/', 'get', 200>>>,
  Check<Fits<Answer<typeof listReviews>, ContractBody<'/api/recipes/reviews/', 'get', 200>>>,
  Check<Fits<Answer<typeof createReview>, ContractBody<'/api/recipes/reviews/', 'post', 201>>>,
  Check<Fits<Answer<typeof updateReview>, ContractBody<'/api/recipes/reviews/{id}/', 'put', 200>>>,
  Check<
    Fits<Answer<typeof addComment>, ContractBody<'/api/recipes/lists/{id}/comments/', 'post', 201>>
  >,
  // leftovers
  Check<Fits<Answer<typeof listCustomers>, ContractBody<'/api/list-customer', 'get', 200>>>,
  Check<Fits<Answer<typeof createCustomer>, ContractBody<'/api/create-customer', 'post', 201>>>,
  Check<Fits<typeof ROWS_CHANGED, ContractBody<'/api/update-customer', 'post', 200>>>,
  Check<Fits<typeof ROWS_CHANGED, ContractBody<'/api/delete-customer', 'post', 200>>>,
  Check<Fits<Answer<typeof listProducts>, ContractBody<'/api/list-product', 'get', 200>>>,
];

// The check itself must keep failing on drift: these must stay errors (tsc fails if they stop).
// @ts-expect-error a field the contract does not declare
export type RejectsExtraField = Check<Fits<{ id: number; hash: string }, { id: number }>>;
// @ts-expect-error a nested field the contract does not declare
export type RejectsNestedExtra = Check<Fits<{ user: { email: string } }[], { user: object }[]>>;
// @ts-expect-error a missing field
export type RejectsMissingField = Check<Fits<{ id: number }, { id: number; title: string }>>;
