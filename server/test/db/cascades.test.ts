import { beforeEach, describe, expect, it } from 'vitest';
import { EmailVerification } from '../../src/modules/accounts/email-verification.entity.js';
import { OneTimeCode } from '../../src/modules/accounts/one-time-code.entity.js';
import { Session } from '../../src/auth/session.entity.js';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { RecipeCategory } from '../../src/modules/recipes/data/recipe-category.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { refreshRecipeCounters } from '../../src/modules/recipes/data/recipe.repository.js';
import { Review } from '../../src/modules/reviews/review.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import type { Orm } from '../../src/db/database.js';
import { createCategory, createRecipe, createUser } from '../support/db-factories.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

const HOUR = 3_600_000;

/** An author with a recipe in two categories, and a fan who reacted, saved, reviewed and commented. */
async function scenario(orm: Orm) {
  const em = orm.em.fork();
  const author = await createUser(em, { role: 'Chef' });
  const fan = await createUser(em);
  const categories = [await createCategory(em), await createCategory(em)];
  const recipe = await createRecipe(em, author, categories);
  const other = await createRecipe(em, author, categories);
  const later = new Date(Date.now() + HOUR);
  for (const target of [recipe, other]) {
    em.create(Reaction, { user: fan, recipe: target, type: 'LOVE' });
    em.create(Save, { user: fan, recipe: target });
    em.create(Review, { user: fan, recipe: target, rating: 4, body: 'Nice' });
    em.create(Comment, { user: fan, recipe: target, content: 'Yum' });
  }
  em.create(Session, { user: fan, tokenHash: 'a'.repeat(64), kind: 'login', expiresAt: later });
  em.create(EmailVerification, { user: fan, tokenHash: 'b'.repeat(64), expiresAt: later });
  em.create(OneTimeCode, { user: fan, codeHash: 'c', purpose: 'password-reset', expiresAt: later });
  await em.flush();
  return { author, fan, recipe, other, categories };
}

describe('delete cascades', () => {
  forEachDatabase(({ orm }) => {
    beforeEach(() => clearTables(orm()));

    it('deleting a recipe removes its reactions, saves, reviews, comments and category links only', async () => {
      const { recipe, other } = await scenario(orm());
      // A plain DELETE, so it is the database (not the ORM) doing the cascading.
      await orm().em.fork().nativeDelete(Recipe, { id: recipe.id });

      const em = orm().em.fork();
      for (const entity of [Reaction, Save, Review, Comment, RecipeCategory] as const) {
        expect(await em.count(entity as typeof Reaction, { recipe: recipe.id })).toBe(0);
        expect(await em.count(entity as typeof Reaction, { recipe: other.id })).toBe(
          1 + (entity === RecipeCategory ? 1 : 0),
        );
      }
      expect(await em.count(Category, {})).toBe(2);
    });

    it('deleting a user removes their sessions, codes, profile and activity; their recipes turn anonymous', async () => {
      const { author, fan, recipe } = await scenario(orm());
      await orm().em.fork().nativeDelete(User, { id: fan.id });

      const em = orm().em.fork();
      for (const entity of [
        Session,
        EmailVerification,
        OneTimeCode,
        Profile,
        Reaction,
        Save,
        Review,
        Comment,
      ] as const) {
        expect(await em.count(entity as typeof Session, { user: fan.id })).toBe(0);
      }

      await orm().em.fork().nativeDelete(User, { id: author.id });
      const orphan = await orm().em.fork().findOneOrFail(Recipe, { id: recipe.id });
      expect(orphan.author).toBeNull();
    });

    it('keeps the recipe counters equal to the rows they count', async () => {
      const { recipe, fan } = await scenario(orm());
      const em = orm().em.fork();
      await refreshRecipeCounters(em, [recipe.id]);
      let counted = await orm().em.fork().findOneOrFail(Recipe, { id: recipe.id });
      expect([
        counted.reactionCount,
        counted.saveCount,
        counted.commentCount,
        counted.reviewCount,
        counted.ratingSum,
      ]).toEqual([1, 1, 1, 1, 4]);

      await orm().em.fork().nativeDelete(Reaction, { user: fan.id, recipe: recipe.id });
      await orm().em.fork().nativeDelete(Review, { user: fan.id, recipe: recipe.id });
      await orm()
        .em.fork()
        .transactional((tx) => refreshRecipeCounters(tx, [recipe.id]));
      counted = await orm().em.fork().findOneOrFail(Recipe, { id: recipe.id });
      expect([
        counted.reactionCount,
        counted.saveCount,
        counted.commentCount,
        counted.reviewCount,
        counted.ratingSum,
      ]).toEqual([0, 1, 1, 0, 0]);
    });
  });
});
