import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDatabaseEmpty } from '../../src/seed/database-empty.js';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { Review } from '../../src/modules/reviews/review.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { verifyPassword } from '../../src/modules/users/password.js';
import { User } from '../../src/modules/users/user.entity.js';
import { DEMO_USER_PASSWORD, seedDemoData } from '../../src/seed/demo-seeder.js';
import { accountsWithPublishedPasswords } from '../../src/seed/published-passwords.js';
import { randomPassword } from '../../src/seed/random-password.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

const PUBLIC_URL = 'http://localhost:3000';
const mediaDir = mkdtempSync(path.join(tmpdir(), 'recipehub-seed-media-'));
const admin = { email: 'Demo.Admin@Example.com', password: 'demo-admin-password' };
const CATEGORIES = [
  'Breakfast',
  'Juice',
  'Curry',
  'Beef',
  'Egg',
  'Chicken',
  'Mutton',
  'Khichuri',
  'Biryani',
  'Dessert',
];

type Row = Record<string, unknown>;

describe('demo seeder', () => {
  forEachDatabase(({ orm }) => {
    // The tests build on each other: the first seeds the file's database, the rest inspect it.
    it('seeds an empty database', async () => {
      expect(await isDatabaseEmpty(orm())).toBe(true);
      const summary = await seedDemoData(orm(), {
        admin,
        peoplePassword: DEMO_USER_PASSWORD,
        photos: { mediaDir, publicUrl: PUBLIC_URL },
      });
      expect(summary.recipes).toBeGreaterThanOrEqual(30);
      expect(await isDatabaseEmpty(orm())).toBe(false);
      // Each demo dish is drawn and encoded like an upload (AVIF and WebP at three widths): a few
      // seconds on a quiet machine, over 30 s on a loaded CI machine.
    }, 120_000);

    it('creates the ten categories by name', async () => {
      const names = (await orm().em.fork().find(Category, {})).map((category) => category.name);
      expect(names.sort()).toEqual([...CATEGORIES].sort());
    });

    it('creates at least 30 recipes, each in at least one category, with a distinct stored photo', async () => {
      const connection = orm().em.getConnection();
      const recipes = (await connection.execute(
        'select r.id, r.img, r.photo_key, r.photo_placeholder, count(rc.category_id) as categories from `recipe` r left join `recipe_category` rc on rc.recipe_id = r.id group by r.id, r.img, r.photo_key, r.photo_placeholder',
      )) as Row[];
      expect(recipes.length).toBeGreaterThanOrEqual(30);
      const stored = await readdir(path.join(mediaDir, 'recipes'));
      for (const recipe of recipes) {
        expect(Number(recipe.categories)).toBeGreaterThanOrEqual(1);
        const key = String(recipe.photo_key);
        expect(recipe.img).toBe(`${PUBLIC_URL}/media/recipes/${key}-640.webp`);
        expect(stored.filter((name) => name.startsWith(key))).toHaveLength(4); // 320, 640 x AVIF, WebP
      }
      // Drawn per dish: no two pictures (nor their placeholders) are the same.
      expect(new Set(recipes.map((r) => r.photo_placeholder)).size).toBe(recipes.length);
      const recipe = await orm().em.fork().findOneOrFail(Recipe, { title: 'Kacchi Biryani' });
      expect(recipe.ingredients.split('\n').length).toBeGreaterThan(3);
      expect(recipe.instructions.split('\n').length).toBeGreaterThan(3);
    });

    it('creates a verified Admin with the given email whose password verifies', async () => {
      const user = await orm().em.fork().findOneOrFail(User, { email: 'demo.admin@example.com' });
      expect(user.role).toBe('Admin');
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(user.passwordHash, admin.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, 'wrong-password')).toBe(false);
    });

    it('creates verified chefs and users who sign in with the demo password', async () => {
      const em = orm().em.fork();
      const chefs = await em.find(User, { role: 'Chef' });
      const users = await em.find(User, { role: 'User' });
      expect(chefs.length).toBeGreaterThanOrEqual(3);
      expect(users.length).toBeGreaterThanOrEqual(3);
      for (const person of [...chefs, ...users])
        expect(person.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(chefs[0]?.passwordHash, DEMO_USER_PASSWORD)).toBe(true);
    });

    it('adds reactions of all four types, saves, comments and 1-5 reviews, with matching counters', async () => {
      const em = orm().em.fork();
      const types = new Set((await em.find(Reaction, {})).map((reaction) => reaction.type));
      expect([...types].sort()).toEqual(['LIKE', 'LOVE', 'SAD', 'WOW']);
      expect(await em.count(Save, {})).toBeGreaterThan(0);
      expect(await em.count(Comment, {})).toBeGreaterThan(0);
      const ratings = (await em.find(Review, {})).map((review) => review.rating);
      expect(ratings.length).toBeGreaterThan(0);
      expect(ratings.every((rating) => rating >= 1 && rating <= 5)).toBe(true);

      const recipes = await em.find(Recipe, {});
      const sum = (pick: (recipe: Recipe) => number) =>
        recipes.reduce((total, recipe) => total + pick(recipe), 0);
      expect(sum((r) => r.reactionCount)).toBe(await em.count(Reaction, {}));
      expect(sum((r) => r.saveCount)).toBe(await em.count(Save, {}));
      expect(sum((r) => r.commentCount)).toBe(await em.count(Comment, {}));
      expect(sum((r) => r.reviewCount)).toBe(ratings.length);
      expect(sum((r) => r.ratingSum)).toBe(ratings.reduce((a, b) => a + b, 0));
    });

    it('spreads recipe dates over recent months, all in the past', async () => {
      const dates = (await orm().em.fork().find(Recipe, {})).map((recipe) =>
        recipe.createdAt.getTime(),
      );
      const now = Date.now();
      expect(Math.max(...dates)).toBeLessThan(now);
      expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(60 * 24 * 3_600_000);
    });

    it('gives every chef and user their own random password when none is given', async () => {
      await clearTables(orm());
      await seedDemoData(orm(), { admin });
      const people = await orm()
        .em.fork()
        .find(User, { role: { $in: ['Chef', 'User'] } });
      expect(people.length).toBeGreaterThanOrEqual(6);
      for (const person of people) {
        expect(await verifyPassword(person.passwordHash, DEMO_USER_PASSWORD)).toBe(false);
      }
      // Salted hashes of different random passwords: no two alike.
      expect(new Set(people.map((person) => person.passwordHash)).size).toBe(people.length);
    });

    it('refuses a database that is not empty', async () => {
      const before = await orm().em.fork().count(Recipe, {});
      await expect(seedDemoData(orm(), { admin })).rejects.toThrow(/not empty/);
      expect(await orm().em.fork().count(Recipe, {})).toBe(before);
    });
  });
});

describe('accountsWithPublishedPasswords', () => {
  forEachDatabase(({ orm }) => {
    const config = { demoAdmin: admin };

    it('names the accounts of a demo-mode seeding, which still have the published passwords', async () => {
      await clearTables(orm());
      await seedDemoData(orm(), { admin, peoplePassword: DEMO_USER_PASSWORD });
      expect(await accountsWithPublishedPasswords(orm(), config)).toEqual([
        'demo.admin@example.com',
        'nusrat.jahan@recipehub.local',
      ]);
    });

    it('names none after a seeding outside demo mode', async () => {
      await clearTables(orm());
      await seedDemoData(orm(), { admin: { email: admin.email, password: randomPassword() } });
      expect(await accountsWithPublishedPasswords(orm(), config)).toEqual([]);
    });
  });
});
