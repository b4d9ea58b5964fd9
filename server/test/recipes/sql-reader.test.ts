import { beforeEach, describe, expect, it } from 'vitest';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

/**
 * The hot reads share one EntityManager per database (Database.sqlReader, db/database.ts) instead of a fork per
 * request: that is only sound while nothing is ever loaded into its identity map, which every
 * request would then share. Every read path that uses it runs here, for every kind of viewer.
 */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let recipeId: number;

  beforeEach(async () => {
    await clearTables(orm());
    world = await recipeWorld(orm());
    const em = orm().em.fork();
    const [curry, dessert] = world.categories;
    recipeId = (await createRecipe(em, world.chef.user, [curry!, dessert!])).id;
    em.create(Reaction, { user: world.user.user, recipe: recipeId, type: 'LIKE' });
    em.create(Save, { user: world.user.user, recipe: recipeId, createdAt: new Date() });
    em.create(Comment, {
      user: world.user.user,
      recipe: recipeId,
      content: 'Lovely',
      createdAt: new Date(),
    });
    await em.flush();
  });

  const loaded = () => db().sqlReader.getUnitOfWork().getIdentityMap().values().length;

  describe('the shared reader', () => {
    it('is one EntityManager per database, and no read path loads an entity into it', async () => {
      expect(db().sqlReader).toBe(db().sqlReader);
      const [curry] = world.categories;
      const urls = [
        '/api/recipes/lists/',
        '/api/recipes/lists/?page=1',
        `/api/recipes/lists/?categories=${curry!.id}`,
        '/api/recipes/lists/?search=recipe',
        `/api/recipes/lists/?search=recipe&categories=${curry!.id}`,
        '/api/recipes/lists/?my_recipes=true',
        '/api/recipes/lists/?saved_recipes=true',
        '/api/recipes/lists/most_liked/',
        `/api/recipes/lists/${recipeId}/`,
        `/recipes/${recipeId}`,
        '/',
      ];
      for (const token of [undefined, world.user.token, world.chef.token, world.admin.token]) {
        for (const url of urls) {
          // The member lists need a member; a visitor gets 401 there, which reads nothing either.
          const response = await server.app.inject({
            method: 'GET',
            url,
            headers: token ? bearer(token) : {},
          });
          expect(response.statusCode, url).toBeLessThan(500);
        }
        await server.caller(token).recipes.get({ id: recipeId });
        await server.caller(token).recipes.list({ page: 1, categories: [], search: 'recipe' });
      }
      expect(loaded()).toBe(0);
    });
  });
});
