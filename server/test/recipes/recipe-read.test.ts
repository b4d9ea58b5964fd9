import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { loadDecorations } from '../../src/modules/recipes/data/recipe-decorations.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createCategory, createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

/**
 * The hot reads get a recipe's categories, reaction counts, comments and the viewer's reaction and
 * save as JSON columns of the statement that reads the recipe (recipe-decorations.ts); MySQL 8,
 * which cannot order inside JSON_ARRAYAGG, reads them with a statement per kind. Both paths must
 * answer alike, for every viewer, and a detail must stay one statement.
 */

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

interface CommentAnswer {
  id: number;
  content: string;
  user: { firstName: string; lastName: string; handle: string };
  created: string;
  can_delete: boolean;
}

forEachDatabase(({ orm, dialect, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let rich: number;
  let plain: number;
  let orphan: number;
  let apple: Category;

  beforeEach(async () => {
    await clearTables(orm());
    world = await recipeWorld(orm());
    const em = orm().em.fork();
    // Created last, sorts first by name: categories are ordered by name, then id.
    apple = await createCategory(em, 'Apple');
    const [curry, dessert, seafood] = world.categories;
    rich = (await createRecipe(em, world.chef.user, [seafood!, curry!, apple, dessert!])).id;
    plain = (await createRecipe(em, world.user.user, [dessert!])).id;
    orphan = (await createRecipe(em, null, [curry!])).id;
    em.create(Reaction, { user: world.user.user, recipe: rich, type: 'LIKE' });
    em.create(Reaction, { user: world.other.user, recipe: rich, type: 'LOVE' });
    em.create(Reaction, { user: world.admin.user, recipe: rich, type: 'LOVE' });
    em.create(Reaction, { user: world.chef.user, recipe: rich, type: 'SAD' });
    em.create(Reaction, { user: world.user.user, recipe: orphan, type: 'WOW' });
    em.create(Save, { user: world.user.user, recipe: rich, createdAt: new Date() });
    const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 12, minute, 0, 250));
    // Oldest first, ties by id: the later-inserted comment at minute 1 comes second.
    em.create(Comment, {
      user: world.other.user,
      recipe: rich,
      content: 'Third',
      createdAt: at(5),
    });
    em.create(Comment, { user: world.user.user, recipe: rich, content: 'First', createdAt: at(1) });
    em.create(Comment, {
      user: world.chef.user,
      recipe: rich,
      content: 'Second, "quoted" \\ with a line\nbreak and ünïcödé 🍛',
      createdAt: at(1),
    });
    await em.flush();
  });

  const get = (url: string, token?: string) =>
    contract.inject(server.app, { method: 'GET', url, headers: token ? bearer(token) : {} });

  /** Every hot read's answer for every kind of viewer. */
  async function everyAnswer() {
    const answers: Record<string, unknown> = {};
    const viewers = {
      anonymous: undefined,
      user: world.user.token,
      chef: world.chef.token,
      admin: world.admin.token,
    };
    for (const [name, token] of Object.entries(viewers)) {
      for (const url of [
        `/api/recipes/lists/${rich}/`,
        `/api/recipes/lists/${plain}/`,
        `/api/recipes/lists/${orphan}/`,
        '/api/recipes/lists/',
        `/api/recipes/lists/?categories=${apple.id}`,
        '/api/recipes/lists/most_liked/',
        // One user's recipes: Admins only.
        ...(name === 'admin' ? [`/api/recipes/by-user/${world.chef.user.email}/`] : []),
      ]) {
        const response = await get(url, token);
        expect(response.statusCode, `${name} ${url}`).toBe(200);
        answers[`${name} ${url}`] = response.json();
      }
      answers[`${name} tRPC`] = await server.caller(token).recipes.get({ id: rich });
    }
    return answers;
  }

  describe('GET /api/recipes/lists/{id}/', () => {
    it('shows categories by name, counts per type, comments oldest first and the viewer’s marks', async () => {
      const recipe = (await get(`/api/recipes/lists/${rich}/`, world.user.token)).json() as {
        category: number[];
        category_names: string[];
        reaction_counts: unknown;
        comments: CommentAnswer[];
        is_liked_by_user: boolean;
        is_saved_by_user: boolean;
        user_reaction: string | null;
        can_edit: boolean;
      };
      const [curry, dessert, seafood] = world.categories;
      expect(recipe.category).toEqual([apple.id, curry!.id, dessert!.id, seafood!.id]);
      expect(recipe.category_names).toEqual(['Apple', 'Curry', 'Dessert', 'Seafood']);
      expect(recipe.reaction_counts).toEqual({ LIKE: 1, LOVE: 2, WOW: 0, SAD: 1, total: 4 });
      expect(recipe.comments.map((comment) => comment.content)).toEqual([
        'First',
        'Second, "quoted" \\ with a line\nbreak and ünïcödé 🍛',
        'Third',
      ]);
      expect(recipe.comments[0]).toEqual({
        id: expect.any(Number) as number,
        content: 'First',
        user: {
          firstName: world.user.user.firstName,
          lastName: world.user.user.lastName,
          handle: world.user.user.handle,
        },
        created: '2025-05-01T12:01:00.250Z',
        can_delete: true,
      });
      expect(recipe.comments.map((comment) => comment.can_delete)).toEqual([true, false, false]);
      expect(recipe).toMatchObject({
        is_liked_by_user: true,
        is_saved_by_user: true,
        user_reaction: 'LIKE',
        can_edit: false,
      });
      const anonymous = (await get(`/api/recipes/lists/${orphan}/`)).json() as object;
      expect(anonymous).toMatchObject({
        user: { firstName: 'Anonymous', lastName: '', handle: null },
        reaction_counts: { LIKE: 0, LOVE: 0, WOW: 1, SAD: 0, total: 1 },
        comments: [],
        is_liked_by_user: false,
        is_saved_by_user: false,
        user_reaction: null,
      });
    });

    it('answers every hot read as the statement-per-kind reads of MySQL 8 do', async () => {
      const aggregated = await everyAnswer();
      db().reads.orderedJsonArrays = false;
      try {
        expect(await everyAnswer()).toEqual(aggregated);
      } finally {
        db().reads.orderedJsonArrays = undefined;
      }
    });

    it('is one statement for an anonymous visitor on SQLite (MariaDB: two), one more with a login', async () => {
      // MariaDB reads comments with a statement of their own (recipe-decorations.ts says why).
      const expected = dialect === 'sqlite' ? 1 : 2;
      const knex = orm().em.getConnection().getKnex();
      let statements = 0;
      const count = () => {
        statements++;
      };
      knex.on('query', count);
      try {
        // A session is touched at most once a minute: the first call may write; measure the next.
        await get(`/api/recipes/lists/${rich}/`, world.user.token);
        statements = 0;
        expect((await get(`/api/recipes/lists/${rich}/`)).statusCode).toBe(200);
        expect(statements).toBe(expected);
        statements = 0;
        expect((await get(`/api/recipes/lists/${rich}/`, world.user.token)).statusCode).toBe(200);
        expect(statements).toBe(expected + 1);
      } finally {
        knex.off('query', count);
      }
    });

    it('reads again a JSON list that came short (MariaDB truncates at group_concat_max_len)', async () => {
      const em = orm().em.fork();
      const [row] = await em
        .getConnection()
        .execute<{ id: number }[]>('select `id` from `recipe` where `id` = ?', [rich]);
      const cut = {
        ...row!,
        categories_json: '[[4,"Apple"],[1,"Cur',
        categories_total: 4,
        reactions_json: '[1,2,0,1]',
        comments_json: '[]',
      };
      const wrongCount = { ...cut, categories_json: '[[4,"Apple"]]' };
      for (const shortRow of [cut, wrongCount]) {
        const decorations = await loadDecorations(db(), em, [shortRow], null);
        expect(decorations.get(rich)?.categories.map((c) => c.name)).toEqual([
          'Apple',
          'Curry',
          'Dessert',
          'Seafood',
        ]);
      }
    });

    it('shows every comment of a recipe with 1.4 MB of them', async () => {
      // 700 comments of 2,000 characters: more than MariaDB's default group_concat_max_len (1 MiB),
      // which would cut a JSON_ARRAYAGG of them short.
      const em = orm().em.fork();
      const base = Date.UTC(2025, 5, 1);
      for (let i = 0; i < 700; i++) {
        em.create(Comment, {
          user: world.other.user,
          recipe: plain,
          content: `${String(i).padStart(4, '0')} ${'ü'.repeat(1995)}`,
          createdAt: new Date(base + i * 1000),
        });
      }
      await em.flush();
      const recipe = (await get(`/api/recipes/lists/${plain}/`)).json() as {
        comments: CommentAnswer[];
      };
      expect(recipe.comments).toHaveLength(700);
      expect(recipe.comments.map((comment) => comment.content.slice(0, 4))).toEqual(
        Array.from({ length: 700 }, (_, i) => String(i).padStart(4, '0')),
      );
      const page = (await get('/api/recipes/lists/')).json() as {
        results: { id: number; comments: CommentAnswer[] }[];
      };
      expect(page.results.find((result) => result.id === plain)?.comments).toHaveLength(700);
    });
  });
});
