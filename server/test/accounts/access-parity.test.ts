import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Customer } from '../../src/modules/customers/customer.entity.js';
import { Review } from '../../src/modules/reviews/review.entity.js';
import { useAccountServer } from '../support/account-server.js';
import { createCategory, createRecipe } from '../support/db-factories.js';
import { member } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

/**
 * Both faces read one access declaration per use case (auth/access.ts), so the same
 * call answers the same status on REST and tRPC for every caller, with a valid input and with a
 * bad one (where the order of 401, 400 and 403 shows; `recipes.byUser` once answered a member's
 * malformed email 400 on REST and 403 on tRPC). Each cell gets fresh rows per face, so a
 * write on one face never changes what the other answers.
 */
type Caller = 'anonymous' | 'member' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'member', 'admin'];

interface Rows {
  tag: string;
  ownerEmail: string;
  ownerHandle: string;
  recipe: number;
  comment: number;
  review: number;
  spareCategory: number;
  customer: number;
}
interface RestCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}
interface TrpcCall {
  path: string;
  type: 'query' | 'mutation';
  input?: unknown;
}
interface Case {
  rest(rows: Rows, bad: boolean): RestCall;
  trpc(rows: Rows, bad: boolean): TrpcCall;
  /** Calls without input have no bad variant. */
  noInput?: boolean;
}

const q = (path: string, input?: unknown): TrpcCall => ({ path, type: 'query', input });
const m = (path: string, input?: unknown): TrpcCall => ({ path, type: 'mutation', input });
const id = (value: number, bad: boolean) => (bad ? 0 : value);
const recipeBody = (bad: boolean) =>
  bad ? {} : { title: 'Parity', ingredients: 'rice', instructions: 'Boil.', category_ids: [] };
const customer = (rows: Rows, bad: boolean) =>
  bad ? {} : { name: 'K', email: `c-${rows.tag}@example.com`, mobile: '017' };

const NEW_PASSWORD = 'a long parity passphrase 42';
const newUser = (rows: Rows, bad: boolean) =>
  bad
    ? { email: 'nope' }
    : {
        email: `new-${rows.tag}@example.com`,
        firstName: 'New',
        lastName: 'Member',
        password: NEW_PASSWORD,
      };

const CASES: Record<string, Case> = {
  'categories.list': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/recipes/categories/' }),
    trpc: () => q('categories.list'),
  },
  'categories.create': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/recipes/categories/',
      payload: { name: bad ? '' : `New ${r.tag}` },
    }),
    trpc: (r, bad) => m('categories.create', { name: bad ? '' : `New ${r.tag}` }),
  },
  'categories.rename': {
    rest: (r, bad) => ({
      method: 'PUT',
      url: `/api/recipes/categories/${r.spareCategory}/`,
      payload: { name: bad ? '' : `Renamed ${r.tag}` },
    }),
    trpc: (r, bad) =>
      m('categories.rename', { id: r.spareCategory, name: bad ? '' : `Renamed ${r.tag}` }),
  },
  'categories.delete': {
    rest: (r, bad) => ({
      method: 'DELETE',
      url: `/api/recipes/categories/${id(r.spareCategory, bad)}/`,
    }),
    trpc: (r, bad) => m('categories.delete', { id: id(r.spareCategory, bad) }),
  },
  'recipes.list': {
    rest: (_r, bad) => ({ method: 'GET', url: `/api/recipes/lists/?page=${bad ? 0 : 1}` }),
    trpc: (_r, bad) => q('recipes.list', { page: bad ? 0 : 1 }),
  },
  'recipes.trending': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/recipes/lists/most_liked/' }),
    trpc: () => q('recipes.trending'),
  },
  'recipes.get': {
    rest: (r, bad) => ({ method: 'GET', url: `/api/recipes/lists/${id(r.recipe, bad)}/` }),
    trpc: (r, bad) => q('recipes.get', { id: id(r.recipe, bad) }),
  },
  'recipes.create': {
    rest: (_r, bad) => ({ method: 'POST', url: '/api/recipes/lists/', payload: recipeBody(bad) }),
    trpc: (_r, bad) => m('recipes.create', recipeBody(bad)),
  },
  'recipes.update': {
    rest: (r, bad) => ({
      method: 'PUT',
      url: `/api/recipes/lists/${r.recipe}/`,
      payload: recipeBody(bad),
    }),
    trpc: (r, bad) => m('recipes.update', { id: r.recipe, recipe: recipeBody(bad) }),
  },
  'recipes.delete': {
    rest: (r, bad) => ({ method: 'DELETE', url: `/api/recipes/lists/${id(r.recipe, bad)}/` }),
    trpc: (r, bad) => m('recipes.delete', { id: id(r.recipe, bad) }),
  },
  'recipes.byUser': {
    rest: (r, bad) => ({
      method: 'GET',
      url: `/api/recipes/by-user/${bad ? 'not-an-email' : r.ownerEmail}/`,
    }),
    trpc: (r, bad) => q('recipes.byUser', { email: bad ? 'not-an-email' : r.ownerEmail }),
  },
  'recipes.save': {
    rest: (r, bad) => ({ method: 'POST', url: `/api/recipes/lists/${id(r.recipe, bad)}/save/` }),
    trpc: (r, bad) => m('recipes.save', { id: id(r.recipe, bad) }),
  },
  'recipes.react': {
    rest: (r, bad) => ({
      method: 'POST',
      url: `/api/recipes/lists/${r.recipe}/like/`,
      payload: { reaction_type: bad ? 'NOPE' : 'LOVE' },
    }),
    trpc: (r, bad) => m('recipes.react', { id: r.recipe, reaction_type: bad ? 'NOPE' : 'LOVE' }),
  },
  'recipes.reactions': {
    rest: (r, bad) => ({
      method: 'GET',
      url: `/api/recipes/reactions/?recipe=${id(r.recipe, bad)}`,
    }),
    trpc: (r, bad) => q('recipes.reactions', { recipe: id(r.recipe, bad) }),
  },
  'reviews.list': {
    rest: (r, bad) => ({ method: 'GET', url: `/api/recipes/reviews/?recipe=${id(r.recipe, bad)}` }),
    trpc: (r, bad) => q('reviews.list', { recipe: id(r.recipe, bad) }),
  },
  'reviews.create': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/recipes/reviews/',
      payload: { recipe: r.recipe, rating: bad ? 9 : 5 },
    }),
    trpc: (r, bad) => m('reviews.create', { recipe: r.recipe, rating: bad ? 9 : 5 }),
  },
  'reviews.update': {
    rest: (r, bad) => ({
      method: 'PUT',
      url: `/api/recipes/reviews/${r.review}/`,
      payload: { rating: bad ? 9 : 2 },
    }),
    trpc: (r, bad) => m('reviews.update', { id: r.review, review: { rating: bad ? 9 : 2 } }),
  },
  'reviews.delete': {
    rest: (r, bad) => ({ method: 'DELETE', url: `/api/recipes/reviews/${id(r.review, bad)}/` }),
    trpc: (r, bad) => m('reviews.delete', { id: id(r.review, bad) }),
  },
  'comments.create': {
    rest: (r, bad) => ({
      method: 'POST',
      url: `/api/recipes/lists/${r.recipe}/comments/`,
      payload: { content: bad ? '' : 'Hi' },
    }),
    trpc: (r, bad) => m('comments.create', { recipe: r.recipe, content: bad ? '' : 'Hi' }),
  },
  'comments.delete': {
    rest: (r, bad) => ({
      method: 'DELETE',
      url: `/api/recipes/lists/${r.recipe}/comments/${id(r.comment, bad)}/`,
    }),
    trpc: (r, bad) => m('comments.delete', { recipe: r.recipe, id: id(r.comment, bad) }),
  },
  'recipeImport.fromUrl': {
    rest: (_r, bad) => ({
      method: 'POST',
      url: '/api/recipes/import/',
      payload: { url: bad ? 'nope' : 'http://127.0.0.1:9/' },
    }),
    trpc: (_r, bad) => m('recipeImport.fromUrl', { url: bad ? 'nope' : 'http://127.0.0.1:9/' }),
  },
  'leftovers.customers.list': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/list-customer' }),
    trpc: () => q('leftovers.customers.list'),
  },
  'leftovers.customers.create': {
    rest: (r, bad) => ({ method: 'POST', url: '/api/create-customer', payload: customer(r, bad) }),
    trpc: (r, bad) => m('leftovers.customers.create', customer(r, bad)),
  },
  'leftovers.customers.update': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/update-customer',
      payload: { ...customer(r, bad), id: r.customer },
    }),
    trpc: (r, bad) => m('leftovers.customers.update', { ...customer(r, bad), id: r.customer }),
  },
  'leftovers.customers.delete': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/delete-customer',
      payload: { id: id(r.customer, bad) },
    }),
    trpc: (r, bad) => m('leftovers.customers.delete', { id: id(r.customer, bad) }),
  },
  'leftovers.products.list': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/list-product' }),
    trpc: () => q('leftovers.products.list'),
  },
  'contact.create': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/contact/',
      payload: bad ? {} : { name: 'V', email: `v-${r.tag}@example.com`, message: 'Hello' },
    }),
    trpc: (r, bad) =>
      m('contact.create', bad ? {} : { name: 'V', email: `v-${r.tag}@example.com`, message: 'Hi' }),
  },
  'contact.list': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/contact/messages/' }),
    trpc: () => q('contact.list'),
  },
  'accounts.register': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/accounts/register/',
      payload: newUser(r, bad),
    }),
    trpc: (r, bad) => m('accounts.register', newUser(r, bad)),
  },
  'accounts.resendVerification': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/users/resend-verification/',
      payload: { email: bad ? 'nope' : `resend-${r.tag}@example.com` },
    }),
    trpc: (r, bad) =>
      m('accounts.resendVerification', { email: bad ? 'nope' : `resend-${r.tag}@example.com` }),
  },
  'accounts.login': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: bad ? {} : { email: r.ownerEmail, password: 'not the password' },
    }),
    trpc: (r, bad) =>
      m('accounts.login', bad ? {} : { email: r.ownerEmail, password: 'not the password' }),
  },
  'accounts.sendOtp': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/accounts/send-otp/',
      payload: { email: bad ? 'nope' : r.ownerEmail },
    }),
    trpc: (r, bad) => m('accounts.sendOtp', { email: bad ? 'nope' : r.ownerEmail }),
  },
  'accounts.verifyOtp': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/accounts/verify-otp/',
      payload: { email: r.ownerEmail, otp: bad ? 'x' : '123456' },
    }),
    trpc: (r, bad) => m('accounts.verifyOtp', { email: r.ownerEmail, otp: bad ? 'x' : '123456' }),
  },
  // A login token is not a reset token: members and Admins are refused (401) as anonymous is.
  'accounts.resetPassword': {
    rest: (_r, bad) => ({
      method: 'POST',
      url: '/api/accounts/reset-password/',
      payload: { password: bad ? '' : NEW_PASSWORD },
    }),
    trpc: (_r, bad) => m('accounts.resetPassword', { password: bad ? '' : NEW_PASSWORD }),
  },
  'reports.create': {
    rest: (r, bad) => ({
      method: 'POST',
      url: '/api/reports/',
      payload: { target_type: 'recipe', target_id: r.recipe, reason: bad ? 'boring' : 'spam' },
    }),
    trpc: (r, bad) =>
      m('reports.create', {
        target_type: 'recipe',
        target_id: r.recipe,
        reason: bad ? 'boring' : 'spam',
      }),
  },
  'moderation.audit': {
    rest: (_r, bad) => ({
      method: 'GET',
      url: `/api/moderation/audit/?action=${bad ? 'erase' : 'role_change'}`,
    }),
    trpc: (_r, bad) => q('moderation.audit', { action: bad ? 'erase' : 'role_change' }),
  },
  'accounts.profile': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/accounts/profile/' }),
    trpc: () => q('accounts.profile'),
  },
  'accounts.updateProfile': {
    rest: (_r, bad) => ({
      method: 'PUT',
      url: '/api/accounts/profile/update/',
      payload: { profile: bad ? { age: 999 } : { bio: 'Hi' } },
    }),
    trpc: (_r, bad) => m('accounts.updateProfile', { profile: bad ? { age: 999 } : { bio: 'Hi' } }),
  },
  'accounts.logout': {
    noInput: true,
    rest: () => ({ method: 'POST', url: '/api/accounts/logout/' }),
    trpc: () => m('accounts.logout'),
  },
  'accounts.blocks.list': {
    rest: (_r, bad) => ({ method: 'GET', url: `/api/accounts/blocks/?page=${bad ? 'x' : 1}` }),
    trpc: (_r, bad) => q('accounts.blocks.list', { page: bad ? 'x' : 1 }),
  },
  'accounts.blocks.block': {
    rest: (r, bad) => ({
      method: 'PUT',
      url: `/api/accounts/blocks/${bad ? 'Bad_Handle' : r.ownerHandle}/`,
    }),
    trpc: (r, bad) => m('accounts.blocks.block', { handle: bad ? 'Bad_Handle' : r.ownerHandle }),
  },
  'accounts.blocks.unblock': {
    rest: (r, bad) => ({
      method: 'DELETE',
      url: `/api/accounts/blocks/${bad ? 'Bad_Handle' : r.ownerHandle}/`,
    }),
    trpc: (r, bad) => m('accounts.blocks.unblock', { handle: bad ? 'Bad_Handle' : r.ownerHandle }),
  },
  'accounts.users.list': {
    noInput: true,
    rest: () => ({ method: 'GET', url: '/api/accounts/profile/all/' }),
    trpc: () => q('accounts.users.list'),
  },
  'accounts.users.get': {
    rest: (r, bad) => ({
      method: 'GET',
      url: `/api/accounts/profile/${bad ? 'not-an-email' : r.ownerEmail}/`,
    }),
    trpc: (r, bad) => q('accounts.users.get', { email: bad ? 'not-an-email' : r.ownerEmail }),
  },
  'accounts.users.updateRole': {
    rest: (r, bad) => ({
      method: 'PUT',
      url: `/api/accounts/profile/${r.ownerEmail}/update-role/`,
      payload: { role: bad ? 'King' : 'Chef' },
    }),
    trpc: (r, bad) =>
      m('accounts.users.updateRole', { email: r.ownerEmail, role: bad ? 'King' : 'Chef' }),
  },
};

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);

  /** Fresh rows owned by a fresh User, and a fresh session for the caller. */
  async function setUp(caller: Caller): Promise<{ rows: Rows; token: string | null }> {
    const em = orm().em.fork();
    const tag = randomBytes(4).toString('hex');
    const owner = await member(em, 'User', `owner-${tag}@example.com`);
    const category = await createCategory(em, `Used ${tag}`);
    const spare = await createCategory(em, `Spare ${tag}`);
    const recipe = await createRecipe(em, owner.user, [category]);
    const comment = em.create(Comment, { user: owner.user, recipe, content: 'Mine' });
    const review = em.create(Review, { user: owner.user, recipe, rating: 4, body: null });
    const row = em.create(Customer, { name: 'C', email: `c0-${tag}@example.com`, mobile: '1' });
    await em.flush();
    const rows: Rows = {
      tag,
      ownerEmail: owner.user.email,
      ownerHandle: owner.user.handle,
      recipe: recipe.id,
      comment: comment.id,
      review: review.id,
      spareCategory: spare.id,
      customer: row.id,
    };
    if (caller === 'anonymous') return { rows, token: null };
    const who = await member(
      em,
      caller === 'admin' ? 'Admin' : 'User',
      `${caller}-${tag}@example.com`,
    );
    return { rows, token: who.token };
  }

  async function restStatus(call: RestCall, token: string | null): Promise<number> {
    const response = await server.app.inject({
      ...call,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return response.statusCode;
  }

  async function trpcStatus(call: TrpcCall, token: string | null): Promise<number> {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const input = call.input === undefined ? '' : JSON.stringify(call.input);
    const response =
      call.type === 'query'
        ? await server.app.inject({
            method: 'GET',
            url: `/trpc/${call.path}${input ? `?input=${encodeURIComponent(input)}` : ''}`,
            headers,
          })
        : await server.app.inject({
            method: 'POST',
            url: `/trpc/${call.path}`,
            headers: { ...headers, 'content-type': 'application/json' },
            ...(input ? { payload: input } : {}),
          });
    return response.statusCode;
  }

  // One test per use case (tables are cleared before each test, which costs on MariaDB).
  describe('REST and tRPC answer the same status', () => {
    for (const [name, face] of Object.entries(CASES)) {
      it(`${name}, to anonymous, member and Admin, with a valid and a bad input`, async () => {
        // Success codes differ by design (REST 201/204, tRPC 200); every refusal is the same.
        const outcome = (status: number) => (status < 300 ? 'success' : status);
        for (const bad of face.noInput ? [false] : [false, true]) {
          for (const caller of CALLERS) {
            const cell = `${bad ? 'bad' : 'valid'} input, ${caller}`;
            const onRest = await setUp(caller);
            const rest = await restStatus(face.rest(onRest.rows, bad), onRest.token);
            const onTrpc = await setUp(caller);
            const trpc = await trpcStatus(face.trpc(onTrpc.rows, bad), onTrpc.token);
            expect(rest, cell).toBeLessThan(500);
            expect(outcome(trpc), cell).toBe(outcome(rest));
          }
        }
      });
    }
  });
});
