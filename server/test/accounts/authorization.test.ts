import type { UserRole } from '@recipehub/openapi/enums';
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../../src/auth/sessions.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Customer } from '../../src/modules/customers/customer.entity.js';
import { Review } from '../../src/modules/reviews/review.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { createCategory, createRecipe } from '../support/db-factories.js';
import { appRouter } from '../../src/app-router.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  startAccountServer,
  type AccountServer,
  type AppCaller,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

/**
 * Who may call what. `owner` is a User acting on their own account: the `{email}` in the path is
 * theirs (the admin calls stay Admin-only even then). Every /api/ route the app serves must be in
 * this table or in PUBLIC_INFRASTRUCTURE, and every tRPC procedure in TRPC_TABLE.
 */
type Caller = 'anonymous' | 'User' | 'Chef' | 'Admin' | 'owner';
const CALLERS: Caller[] = ['anonymous', 'User', 'Chef', 'Admin', 'owner'];

interface Fixture {
  owner: User;
  unique(): string;
  /** A category used by `recipe`, and one no recipe uses (renamed or deleted by the table). */
  category: number;
  spareCategory: number;
  /** The owner's recipe, with the owner's comment and review on it. */
  recipe: number;
  comment: number;
  review: number;
  /** Another user's recipe that the owner has not reviewed. */
  otherRecipe: number;
  customer: number;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  expected: Record<Caller, number>;
  request(fixture: Fixture): { url: string; payload?: object };
}

const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  User: status,
  Chef: status,
  Admin: status,
  owner: status,
});
const loggedIn = (status: number) => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number) => ({ ...all(403), anonymous: 401, Admin: status });
/** The owner of the recipe, comment or review, or an Admin. */
const ownerOrAdmin = (status: number) => ({
  ...all(403),
  anonymous: 401,
  Admin: status,
  owner: status,
});
const recipeInput = (f: Fixture) => ({
  title: 'Table recipe',
  ingredients: 'rice',
  instructions: 'Boil.',
  category_ids: [f.category],
});

const TABLE: Row[] = [
  {
    method: 'POST',
    path: '/api/accounts/register/',
    expected: all(201),
    request: (f) => ({
      url: '/api/accounts/register/',
      payload: { email: f.unique(), firstName: 'A', lastName: 'B', password: PASSWORD },
    }),
  },
  {
    method: 'GET',
    path: '/api/accounts/verify-email/{token}/',
    expected: all(302),
    request: () => ({ url: `/api/accounts/verify-email/${'A'.repeat(43)}/` }),
  },
  {
    method: 'POST',
    path: '/api/users/resend-verification/',
    expected: all(200),
    request: (f) => ({ url: '/api/users/resend-verification/', payload: { email: f.unique() } }),
  },
  {
    method: 'POST',
    path: '/api/accounts/resend-verification/',
    expected: all(200),
    request: (f) => ({ url: '/api/accounts/resend-verification/', payload: { email: f.unique() } }),
  },
  {
    method: 'POST',
    path: '/api/accounts/login/',
    expected: all(200),
    request: (f) => ({
      url: '/api/accounts/login/',
      payload: { email: f.owner.email, password: PASSWORD },
    }),
  },
  {
    method: 'POST',
    path: '/api/accounts/logout/',
    expected: loggedIn(204),
    request: () => ({ url: '/api/accounts/logout/' }),
  },
  {
    method: 'POST',
    path: '/api/accounts/send-otp/',
    expected: all(200),
    request: (f) => ({ url: '/api/accounts/send-otp/', payload: { email: f.owner.email } }),
  },
  {
    method: 'POST',
    path: '/api/accounts/verify-otp/',
    expected: all(400),
    request: (f) => ({
      url: '/api/accounts/verify-otp/',
      payload: { email: f.owner.email, otp: '000000' },
    }),
  },
  {
    // Only a reset token from verify-otp opens it: login tokens are refused like no token.
    method: 'POST',
    path: '/api/accounts/reset-password/',
    expected: all(401),
    request: () => ({
      url: '/api/accounts/reset-password/',
      payload: { password: 'a-new-long-passphrase' },
    }),
  },
  {
    method: 'GET',
    path: '/api/accounts/profile/',
    expected: loggedIn(200),
    request: () => ({ url: '/api/accounts/profile/' }),
  },
  {
    method: 'PUT',
    path: '/api/accounts/profile/update/',
    expected: loggedIn(200),
    request: () => ({ url: '/api/accounts/profile/update/', payload: { bio: 'Hello' } }),
  },
  {
    method: 'GET',
    path: '/api/accounts/profile/all/',
    expected: adminOnly(200),
    request: () => ({ url: '/api/accounts/profile/all/' }),
  },
  {
    method: 'GET',
    path: '/api/accounts/profile/{email}/',
    expected: adminOnly(200),
    request: (f) => ({ url: `/api/accounts/profile/${f.owner.email}/` }),
  },
  {
    method: 'PUT',
    path: '/api/accounts/profile/{email}/update-role/',
    expected: adminOnly(200),
    request: (f) => ({
      url: `/api/accounts/profile/${f.owner.email}/update-role/`,
      payload: { role: 'Chef' },
    }),
  },
  {
    method: 'POST',
    path: '/api/contact/',
    expected: all(201),
    request: (f) => ({
      url: '/api/contact/',
      payload: { name: 'Visitor', email: f.unique(), message: 'Hello there' },
    }),
  },
  {
    method: 'GET',
    path: '/api/contact/messages/',
    expected: adminOnly(200),
    request: () => ({ url: '/api/contact/messages/' }),
  },
  {
    method: 'POST',
    path: '/api/reports/',
    expected: loggedIn(201),
    request: (f) => ({
      url: '/api/reports/',
      payload: { target_type: 'recipe', target_id: f.otherRecipe, reason: 'spam' },
    }),
  },
  {
    // An Admin dismissing the (absent) reports of another member's recipe: the item stays as it is.
    method: 'POST',
    path: '/api/moderation/actions/',
    expected: adminOnly(200),
    request: (f) => ({
      url: '/api/moderation/actions/',
      payload: { target_type: 'recipe', target_id: f.otherRecipe, action: 'dismiss', reason: 'ok' },
    }),
  },
  {
    method: 'GET',
    path: '/api/moderation/audit/',
    expected: adminOnly(200),
    request: () => ({ url: '/api/moderation/audit/?action=role_change' }),
  },
  {
    method: 'GET',
    path: '/api/accounts/blocks/',
    expected: loggedIn(200),
    request: () => ({ url: '/api/accounts/blocks/' }),
  },
  {
    // The owner blocking themself is the 400.
    method: 'PUT',
    path: '/api/accounts/blocks/{handle}/',
    expected: { ...loggedIn(204), owner: 400 },
    request: (f) => ({ url: `/api/accounts/blocks/${f.owner.handle}/` }),
  },
  {
    method: 'DELETE',
    path: '/api/accounts/blocks/{handle}/',
    expected: { ...loggedIn(204), owner: 400 },
    request: (f) => ({ url: `/api/accounts/blocks/${f.owner.handle}/` }),
  },
  {
    method: 'GET',
    path: '/api/recipes/categories/',
    expected: all(200),
    request: () => ({ url: '/api/recipes/categories/' }),
  },
  {
    method: 'POST',
    path: '/api/recipes/categories/',
    expected: adminOnly(201),
    request: (f) => ({ url: '/api/recipes/categories/', payload: { name: f.unique() } }),
  },
  {
    method: 'PUT',
    path: '/api/recipes/categories/{id}/',
    expected: adminOnly(200),
    request: (f) => ({
      url: `/api/recipes/categories/${f.spareCategory}/`,
      payload: { name: f.unique() },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/recipes/categories/{id}/',
    expected: adminOnly(204),
    request: (f) => ({ url: `/api/recipes/categories/${f.spareCategory}/` }),
  },
  {
    method: 'GET',
    path: '/api/recipes/lists/most_liked/',
    expected: all(200),
    request: () => ({ url: '/api/recipes/lists/most_liked/' }),
  },
  {
    method: 'GET',
    path: '/api/recipes/lists/',
    expected: all(200),
    request: () => ({ url: '/api/recipes/lists/?page=1' }),
  },
  {
    method: 'POST',
    path: '/api/recipes/lists/',
    expected: loggedIn(201),
    request: (f) => ({ url: '/api/recipes/lists/', payload: recipeInput(f) }),
  },
  {
    // Members only; a loopback link (not allowed in tests' settings) is refused before any
    // connection, so every member gets the same 400 (test/recipe-import/ has the rest).
    method: 'POST',
    path: '/api/recipes/import/',
    expected: loggedIn(400),
    request: () => ({ url: '/api/recipes/import/', payload: { url: 'http://127.0.0.1:9/' } }),
  },
  {
    // Members only; a JSON body is refused before any encoding (test/recipe-photos/ has the rest).
    method: 'POST',
    path: '/api/recipes/photos/',
    expected: loggedIn(400),
    request: () => ({ url: '/api/recipes/photos/', payload: { photo: 'not a file' } }),
  },
  {
    method: 'GET',
    path: '/api/recipes/lists/{id}/',
    expected: all(200),
    request: (f) => ({ url: `/api/recipes/lists/${f.recipe}/` }),
  },
  {
    method: 'PUT',
    path: '/api/recipes/lists/{id}/',
    expected: ownerOrAdmin(200),
    request: (f) => ({ url: `/api/recipes/lists/${f.recipe}/`, payload: recipeInput(f) }),
  },
  {
    method: 'DELETE',
    path: '/api/recipes/lists/{id}/',
    expected: ownerOrAdmin(204),
    request: (f) => ({ url: `/api/recipes/lists/${f.recipe}/` }),
  },
  {
    method: 'GET',
    path: '/api/recipes/by-user/{email}/',
    expected: adminOnly(200),
    request: (f) => ({ url: `/api/recipes/by-user/${f.owner.email}/` }),
  },
  {
    method: 'POST',
    path: '/api/recipes/lists/{id}/save/',
    expected: loggedIn(200),
    request: (f) => ({ url: `/api/recipes/lists/${f.recipe}/save/` }),
  },
  {
    method: 'POST',
    path: '/api/recipes/lists/{id}/like/',
    expected: loggedIn(200),
    request: (f) => ({
      url: `/api/recipes/lists/${f.recipe}/like/`,
      payload: { reaction_type: 'LOVE' },
    }),
  },
  {
    method: 'GET',
    path: '/api/recipes/reactions/',
    expected: all(200),
    request: (f) => ({ url: `/api/recipes/reactions/?recipe=${f.recipe}` }),
  },
  {
    method: 'GET',
    path: '/api/recipes/reviews/',
    expected: all(200),
    request: (f) => ({ url: `/api/recipes/reviews/?recipe=${f.recipe}` }),
  },
  {
    method: 'POST',
    path: '/api/recipes/reviews/',
    expected: loggedIn(201),
    request: (f) => ({
      url: '/api/recipes/reviews/',
      payload: { recipe: f.otherRecipe, rating: 4 },
    }),
  },
  {
    method: 'PUT',
    path: '/api/recipes/reviews/{id}/',
    expected: ownerOrAdmin(200),
    request: (f) => ({ url: `/api/recipes/reviews/${f.review}/`, payload: { rating: 3 } }),
  },
  {
    method: 'DELETE',
    path: '/api/recipes/reviews/{id}/',
    expected: ownerOrAdmin(204),
    request: (f) => ({ url: `/api/recipes/reviews/${f.review}/` }),
  },
  {
    method: 'POST',
    path: '/api/recipes/lists/{id}/comments/',
    expected: loggedIn(201),
    request: (f) => ({
      url: `/api/recipes/lists/${f.recipe}/comments/`,
      payload: { content: 'Hi' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/recipes/lists/{id}/comments/{commentId}/',
    expected: ownerOrAdmin(204),
    request: (f) => ({ url: `/api/recipes/lists/${f.recipe}/comments/${f.comment}/` }),
  },
  {
    method: 'GET',
    path: '/api/list-customer',
    expected: loggedIn(200),
    request: () => ({ url: '/api/list-customer' }),
  },
  {
    method: 'POST',
    path: '/api/create-customer',
    expected: adminOnly(201),
    request: (f) => ({
      url: '/api/create-customer',
      payload: { name: 'Karim Traders', email: f.unique(), mobile: '017' },
    }),
  },
  {
    method: 'POST',
    path: '/api/update-customer',
    expected: adminOnly(200),
    request: (f) => ({
      url: '/api/update-customer',
      payload: { id: f.customer, name: 'Karim Traders', email: f.unique(), mobile: '018' },
    }),
  },
  {
    method: 'POST',
    path: '/api/delete-customer',
    expected: adminOnly(200),
    request: (f) => ({ url: '/api/delete-customer', payload: { id: f.customer } }),
  },
  {
    method: 'GET',
    path: '/api/list-product',
    expected: loggedIn(200),
    request: () => ({ url: '/api/list-product' }),
  },
];

/** Public infrastructure under /api/. */
const PUBLIC_INFRASTRUCTURE = [
  /^GET \/api\/health$/,
  /^GET \/api\/openapi\.json$/,
  /^GET \/api\/docs(\/.*)?$/,
];

/** tRPC procedures: 'ok' or the error code each caller gets (inputs valid unless said). */
type TrpcExpectation = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'BAD_REQUEST';
const trpcAll = (e: TrpcExpectation): Record<Caller, TrpcExpectation> => ({
  anonymous: e,
  User: e,
  Chef: e,
  Admin: e,
  owner: e,
});
const trpcAuthed: Record<Caller, TrpcExpectation> = { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' };
const trpcAdmin: Record<Caller, TrpcExpectation> = {
  ...trpcAll('FORBIDDEN'),
  anonymous: 'UNAUTHORIZED',
  Admin: 'ok',
};
const trpcOwner: Record<Caller, TrpcExpectation> = { ...trpcAdmin, owner: 'ok' };
const TRPC_TABLE: Record<
  string,
  { expected: Record<Caller, TrpcExpectation>; call(c: AppCaller, f: Fixture): Promise<unknown> }
> = {
  health: { expected: trpcAll('ok'), call: (c) => c.health() },
  demoLogin: { expected: trpcAll('ok'), call: (c) => c.demoLogin() },
  'accounts.register': {
    expected: trpcAll('ok'),
    call: (c, f) =>
      c.accounts.register({ email: f.unique(), firstName: 'A', lastName: 'B', password: PASSWORD }),
  },
  'accounts.resendVerification': {
    expected: trpcAll('ok'),
    call: (c, f) => c.accounts.resendVerification({ email: f.unique() }),
  },
  'accounts.login': {
    expected: trpcAll('ok'),
    call: (c, f) => c.accounts.login({ email: f.owner.email, password: PASSWORD }),
  },
  'accounts.logout': {
    expected: { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.accounts.logout(),
  },
  'accounts.sendOtp': {
    expected: trpcAll('ok'),
    call: (c, f) => c.accounts.sendOtp({ email: f.owner.email }),
  },
  'accounts.verifyOtp': {
    expected: trpcAll('BAD_REQUEST'),
    call: (c, f) => c.accounts.verifyOtp({ email: f.owner.email, otp: '000000' }),
  },
  'accounts.resetPassword': {
    expected: trpcAll('UNAUTHORIZED'),
    call: (c) => c.accounts.resetPassword({ password: 'a-new-long-passphrase' }),
  },
  'accounts.profile': {
    expected: { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.accounts.profile(),
  },
  'accounts.updateProfile': {
    expected: { ...trpcAll('ok'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.accounts.updateProfile({ profile: { bio: 'Hi' } }),
  },
  'accounts.blocks.list': {
    expected: trpcAuthed,
    call: (c) => c.accounts.blocks.list({}),
  },
  'accounts.blocks.block': {
    expected: { ...trpcAuthed, owner: 'BAD_REQUEST' },
    call: (c, f) => c.accounts.blocks.block({ handle: f.owner.handle }),
  },
  'accounts.blocks.unblock': {
    expected: { ...trpcAuthed, owner: 'BAD_REQUEST' },
    call: (c, f) => c.accounts.blocks.unblock({ handle: f.owner.handle }),
  },
  'accounts.users.list': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c) => c.accounts.users.list(),
  },
  'accounts.users.get': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c, f) => c.accounts.users.get({ email: f.owner.email }),
  },
  'accounts.users.updateRole': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c, f) => c.accounts.users.updateRole({ email: f.owner.email, role: 'Chef' }),
  },
  'contact.create': {
    expected: trpcAll('ok'),
    call: (c, f) => c.contact.create({ name: 'V', email: f.unique(), message: 'Hello' }),
  },
  'contact.list': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c) => c.contact.list(),
  },
  'reports.create': {
    expected: trpcAuthed,
    call: (c, f) =>
      c.reports.create({ target_type: 'recipe', target_id: f.otherRecipe, reason: 'spam' }),
  },
  'moderation.act': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c, f) =>
      c.moderation.act({
        target_type: 'recipe',
        target_id: f.otherRecipe,
        action: 'dismiss',
        reason: 'ok',
      }),
  },
  'moderation.audit': {
    expected: { ...trpcAll('FORBIDDEN'), anonymous: 'UNAUTHORIZED', Admin: 'ok' },
    call: (c) => c.moderation.audit({ action: 'role_change' }),
  },
  'categories.list': { expected: trpcAll('ok'), call: (c) => c.categories.list() },
  'categories.create': {
    expected: trpcAdmin,
    call: (c, f) => c.categories.create({ name: f.unique() }),
  },
  'categories.rename': {
    expected: trpcAdmin,
    call: (c, f) => c.categories.rename({ id: f.spareCategory, name: f.unique() }),
  },
  'categories.delete': {
    expected: trpcAdmin,
    call: (c, f) => c.categories.delete({ id: f.spareCategory }),
  },
  'recipes.list': { expected: trpcAll('ok'), call: (c) => c.recipes.list({ page: 1 }) },
  'recipes.trending': { expected: trpcAll('ok'), call: (c) => c.recipes.trending() },
  'recipes.get': { expected: trpcAll('ok'), call: (c, f) => c.recipes.get({ id: f.recipe }) },
  'recipes.create': {
    expected: trpcAuthed,
    call: (c, f) => c.recipes.create(recipeInput(f)),
  },
  'recipes.update': {
    expected: trpcOwner,
    call: (c, f) => c.recipes.update({ id: f.recipe, recipe: recipeInput(f) }),
  },
  'recipes.delete': { expected: trpcOwner, call: (c, f) => c.recipes.delete({ id: f.recipe }) },
  'recipes.byUser': {
    expected: trpcAdmin,
    call: (c, f) => c.recipes.byUser({ email: f.owner.email }),
  },
  'recipeImport.fromUrl': {
    expected: { ...trpcAll('BAD_REQUEST'), anonymous: 'UNAUTHORIZED' },
    call: (c) => c.recipeImport.fromUrl({ url: 'http://127.0.0.1:9/' }),
  },
  'recipes.save': { expected: trpcAuthed, call: (c, f) => c.recipes.save({ id: f.recipe }) },
  'recipes.react': {
    expected: trpcAuthed,
    call: (c, f) => c.recipes.react({ id: f.recipe, reaction_type: 'WOW' }),
  },
  'recipes.reactions': {
    expected: trpcAll('ok'),
    call: (c, f) => c.recipes.reactions({ recipe: f.recipe }),
  },
  'reviews.list': { expected: trpcAll('ok'), call: (c, f) => c.reviews.list({ recipe: f.recipe }) },
  'reviews.create': {
    expected: trpcAuthed,
    call: (c, f) => c.reviews.create({ recipe: f.otherRecipe, rating: 5 }),
  },
  'reviews.update': {
    expected: trpcOwner,
    call: (c, f) => c.reviews.update({ id: f.review, review: { rating: 2 } }),
  },
  'reviews.delete': { expected: trpcOwner, call: (c, f) => c.reviews.delete({ id: f.review }) },
  'comments.create': {
    expected: trpcAuthed,
    call: (c, f) => c.comments.create({ recipe: f.recipe, content: 'Hi' }),
  },
  'comments.delete': {
    expected: trpcOwner,
    call: (c, f) => c.comments.delete({ recipe: f.recipe, id: f.comment }),
  },
  'leftovers.customers.list': { expected: trpcAuthed, call: (c) => c.leftovers.customers.list() },
  'leftovers.customers.create': {
    expected: trpcAdmin,
    call: (c, f) => c.leftovers.customers.create({ name: 'K', email: f.unique(), mobile: '017' }),
  },
  'leftovers.customers.update': {
    expected: trpcAdmin,
    call: (c, f) =>
      c.leftovers.customers.update({ id: f.customer, name: 'K', email: f.unique(), mobile: '01' }),
  },
  'leftovers.customers.delete': {
    expected: trpcAdmin,
    call: (c, f) => c.leftovers.customers.delete({ id: f.customer }),
  },
  'leftovers.products.list': { expected: trpcAuthed, call: (c) => c.leftovers.products.list() },
};

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  const routes: string[] = [];
  beforeAll(async () => {
    server = await startAccountServer(db(), {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
  });

  /** Fresh accounts for one cell: the caller (by role) and the owner whose email is in the path. */
  async function setUp(caller: Caller): Promise<{ token: string | null; fixture: Fixture }> {
    const em = orm().em.fork();
    const tag = randomBytes(4).toString('hex');
    const owner = await createAccount(em, { email: `owner-${tag}@example.com`, role: 'User' });
    // An Admin always exists, so demoting rules never get in the way.
    await createAccount(em, { email: `keeper-${tag}@example.com`, role: 'Admin' });
    const keeper = await em.findOneOrFail(User, { email: `keeper-${tag}@example.com` });
    const category = await createCategory(em, `Used ${tag}`);
    const spare = await createCategory(em, `Spare ${tag}`);
    const recipe = await createRecipe(em, owner, [category]);
    const otherRecipe = await createRecipe(em, keeper, [category]);
    const comment = em.create(Comment, { user: owner, recipe, content: 'Mine' });
    const review = em.create(Review, { user: owner, recipe, rating: 4, body: null });
    const customer = em.create(Customer, { name: 'C', email: `c-${tag}@example.com`, mobile: '1' });
    await em.flush();
    let n = 0;
    const fixture: Fixture = {
      owner,
      unique: () => `new-${tag}-${++n}@example.com`,
      category: category.id,
      spareCategory: spare.id,
      recipe: recipe.id,
      comment: comment.id,
      review: review.id,
      otherRecipe: otherRecipe.id,
      customer: customer.id,
    };
    if (caller === 'anonymous') return { token: null, fixture };
    const user =
      caller === 'owner'
        ? owner
        : await createAccount(em, {
            email: `${caller.toLowerCase()}-${tag}@example.com`,
            role: caller as UserRole,
          });
    const token = openSession(em, user, 'login');
    await em.flush();
    return { token, fixture };
  }

  describe('REST authorization table', () => {
    for (const row of TABLE) {
      describe(`${row.method} ${row.path}`, () => {
        for (const caller of CALLERS) {
          it(`answers ${row.expected[caller]} to ${caller}`, async () => {
            const { token, fixture } = await setUp(caller);
            const { url, payload } = row.request(fixture);
            const response = await contract.inject(server.app, {
              method: row.method,
              url,
              ...(payload ? { payload } : {}),
              headers: token ? bearer(token) : {},
            });
            expect(response.statusCode, response.body).toBe(row.expected[caller]);
          });
        }
      });
    }

    it('lists every /api/ route the app serves', () => {
      const listed = new Set(TABLE.map((row) => `${row.method} ${row.path}`));
      const unlisted = [...new Set(routes)]
        .filter((route) => !route.startsWith('HEAD '))
        .map((route) => route.replace(/:(\w+)/g, '{$1}'))
        .filter((route) => route.split(' ')[1]?.startsWith('/api'))
        .filter((route) => !listed.has(route))
        .filter((route) => !PUBLIC_INFRASTRUCTURE.some((pattern) => pattern.test(route)));
      expect(unlisted).toEqual([]);
      // And the table names no route that does not exist.
      const served = new Set(routes.map((route) => route.replace(/:(\w+)/g, '{$1}')));
      expect([...listed].filter((route) => !served.has(route))).toEqual([]);
    });
  });

  describe('tRPC authorization table', () => {
    for (const [path, entry] of Object.entries(TRPC_TABLE)) {
      for (const caller of CALLERS) {
        it(`${path} gives ${entry.expected[caller]} to ${caller}`, async () => {
          const { token, fixture } = await setUp(caller);
          const outcome = await entry.call(server.caller(token), fixture).then(
            () => 'ok',
            (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
          );
          expect(outcome).toBe(entry.expected[caller]);
        });
      }
    }

    it('lists every procedure', () => {
      const procedures = Object.keys(appRouter._def.procedures).sort();
      expect(procedures).toEqual(Object.keys(TRPC_TABLE).sort());
    });
  });
});
