import type { UserRole } from '@recipehub/openapi/enums';
import type { EntityManager } from '@mikro-orm/core';
import { openSession } from '../../src/auth/sessions.js';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import type { User } from '../../src/modules/users/user.entity.js';
import type { Orm } from '../../src/db/database.js';
import { createCategory, createUser } from './db-factories.js';

export interface Member {
  user: User;
  token: string;
}

/** A user of the role with a login session (no password hashing: the token is opened directly). */
export async function member(em: EntityManager, role: UserRole, email?: string): Promise<Member> {
  const user = await createUser(em, { role, ...(email ? { email } : {}) });
  const token = openSession(em, user, 'login');
  await em.flush();
  return { user, token };
}

export interface RecipeWorld {
  admin: Member;
  chef: Member;
  user: Member;
  other: Member;
  categories: Category[];
}

/** Four members (Admin, Chef, two Users) and three categories. */
export async function recipeWorld(orm: Orm): Promise<RecipeWorld> {
  const em = orm.em.fork();
  return {
    admin: await member(em, 'Admin'),
    chef: await member(em, 'Chef'),
    user: await member(em, 'User'),
    other: await member(em, 'User'),
    categories: [
      await createCategory(em, 'Curry'),
      await createCategory(em, 'Dessert'),
      await createCategory(em, 'Seafood'),
    ],
  };
}

export const recipeBody = (categoryIds: number[], overrides: Record<string, unknown> = {}) => ({
  title: 'Chicken Curry',
  img: 'https://images.example.com/curry.jpg',
  ingredients: '1 kg chicken\n3 onions',
  instructions: 'Fry the onions.\nAdd the chicken.',
  category_ids: categoryIds,
  ...overrides,
});
