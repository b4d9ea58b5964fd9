import {
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { Review } from '../../src/modules/reviews/review.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { createCategory, createRecipe, createUser } from '../support/db-factories.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

describe('constraints', () => {
  forEachDatabase(({ orm }) => {
    beforeEach(() => clearTables(orm()));

    it('stores emails lower-cased and rejects one differing only in case', async () => {
      await createUser(orm().em.fork(), { email: 'Chef.Anna@Example.COM' });
      const stored = await orm().em.fork().findOneOrFail(User, { email: 'chef.anna@example.com' });
      expect(stored.email).toBe('chef.anna@example.com');

      await expect(
        createUser(orm().em.fork(), { email: 'chef.ANNA@example.com' }),
      ).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    });

    it('normalises an email changed later as well', async () => {
      const em = orm().em.fork();
      const user = await createUser(em);
      user.email = '  New.Address@Example.com ';
      await em.flush();
      const reloaded = await orm().em.fork().findOneOrFail(User, { id: user.id });
      expect(reloaded.email).toBe('new.address@example.com');
    });

    it('allows one reaction, one save and one review per user per recipe', async () => {
      const em = orm().em.fork();
      const user = await createUser(em);
      const recipe = await createRecipe(em, null);
      em.create(Reaction, { user, recipe, type: 'LIKE' });
      em.create(Save, { user, recipe });
      em.create(Review, { user, recipe, rating: 5, body: null });
      await em.flush();

      const second = [
        (e: typeof em) => e.create(Reaction, { user: user.id, recipe: recipe.id, type: 'SAD' }),
        (e: typeof em) => e.create(Save, { user: user.id, recipe: recipe.id }),
        (e: typeof em) =>
          e.create(Review, { user: user.id, recipe: recipe.id, rating: 1, body: 'again' }),
      ];
      for (const add of second) {
        const fresh = orm().em.fork();
        add(fresh);
        await expect(fresh.flush()).rejects.toBeInstanceOf(UniqueConstraintViolationException);
      }
      const check = orm().em.fork();
      expect(await check.count(Reaction, { recipe: recipe.id })).toBe(1);
      expect(await check.count(Save, { recipe: recipe.id })).toBe(1);
      expect(await check.count(Review, { recipe: recipe.id })).toBe(1);
    });

    it('lets different users react to the same recipe', async () => {
      const em = orm().em.fork();
      const [a, b] = [await createUser(em), await createUser(em)];
      const recipe = await createRecipe(em, a);
      em.create(Reaction, { user: a, recipe, type: 'LIKE' });
      em.create(Reaction, { user: b, recipe, type: 'WOW' });
      await em.flush();
      expect(await orm().em.fork().count(Reaction, { recipe: recipe.id })).toBe(2);
    });

    it('rejects a rating outside 1-5 in the database itself', async () => {
      const em = orm().em.fork();
      const user = await createUser(em);
      const recipe = await createRecipe(em, null);
      for (const rating of [0, 6]) {
        await expect(
          orm()
            .em.fork()
            .getConnection()
            .execute(
              'insert into `review` (`user_id`, `recipe_id`, `body`, `rating`, `created_at`, `updated_at`) values (?, ?, null, ?, ?, ?)',
              [user.id, recipe.id, rating, new Date(), new Date()],
            ),
        ).rejects.toThrow();
      }
      expect(await orm().em.fork().count(Review, {})).toBe(0);
    });

    it('rejects a duplicate category name and refuses to delete a category in use', async () => {
      const em = orm().em.fork();
      const curry = await createCategory(em, 'Curry');
      await expect(createCategory(orm().em.fork(), 'Curry')).rejects.toBeInstanceOf(
        UniqueConstraintViolationException,
      );

      await createRecipe(em, null, [curry]);
      await expect(orm().em.fork().nativeDelete(Category, { id: curry.id })).rejects.toBeInstanceOf(
        ForeignKeyConstraintViolationException,
      );
      const unused = await createCategory(em, 'Unused');
      expect(await orm().em.fork().nativeDelete(Category, { id: unused.id })).toBe(1);
    });
  });
});
