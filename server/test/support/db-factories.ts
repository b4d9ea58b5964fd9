import type { UserRole } from '@recipehub/openapi/enums';
import type { EntityManager } from '@mikro-orm/core';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';

let sequence = 0;

/** A stand-in hash: these tests are about rows and constraints, not about argon2's cost. */
const FAKE_HASH = '$argon2id$not-a-real-hash';

export async function createUser(
  em: EntityManager,
  overrides: { email?: string; role?: UserRole; firstName?: string } = {},
): Promise<User> {
  sequence++;
  const user = em.create(User, {
    email: overrides.email ?? `user${sequence}@example.com`,
    firstName: overrides.firstName ?? `First${sequence}`,
    lastName: `Last${sequence}`,
    mobile: null,
    passwordHash: FAKE_HASH,
    role: overrides.role ?? 'User',
    emailVerifiedAt: new Date(),
  });
  em.create(Profile, { user, image: null, age: null });
  await em.flush();
  return user;
}

export async function createCategory(em: EntityManager, name?: string): Promise<Category> {
  sequence++;
  const category = em.create(Category, { name: name ?? `Category ${sequence}` });
  await em.flush();
  return category;
}

export async function createRecipe(
  em: EntityManager,
  author: User | null,
  categories: Category[] = [],
): Promise<Recipe> {
  sequence++;
  const recipe = em.create(Recipe, {
    title: `Recipe ${sequence}`,
    img: null,
    ingredients: '1) 500 g beef\nSalt',
    instructions: 'Cook it.\nServe it.',
    author,
  });
  for (const category of categories) recipe.categories.add(category);
  await em.flush();
  return recipe;
}
