import { adminAccess, PUBLIC_ACCESS, requireAccess } from '../../auth/access.js';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { CategoryInput } from '@recipehub/openapi/schemas/recipes';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import { RecipeCategory } from '../recipes/data/recipe-category.entity.js';
import { categoryRenamedTags } from '../recipes/data/recipe-cache-tags.js';
import { invalidateRecipeCaches } from '../recipes/data/recipe-count-cache.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { Category } from '../recipes/data/category.entity.js';

export const CATEGORY_NOT_FOUND = 'No category found.';
export const CATEGORY_EXISTS = 'A category with this name already exists.';
export const CATEGORY_IN_USE = 'This category is used by recipes and cannot be deleted.';

export interface CategoryData {
  id: number;
  name: string;
}

export const LIST_CATEGORIES_ACCESS = PUBLIC_ACCESS;

/** Every category, by name (public). */
export async function listCategories(deps: ServiceDeps): Promise<CategoryData[]> {
  const rows = await selectRows<CategoryData>(
    deps.orm.em.fork(),
    'select `id`, `name` from `category` order by `name`, `id`',
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Names are unique case-insensitively (checked here; SQLite's unique index is case-sensitive). */
async function assertNameFree(em: EntityManager, name: string, except?: number) {
  const rows = await selectRows<{ id: number }>(
    em,
    'select `id` from `category` where lower(`name`) = lower(?)',
    [name],
  );
  if (rows.some((row) => Number(row.id) !== except)) {
    throw new AppError('CONFLICT', CATEGORY_EXISTS, { name: [CATEGORY_EXISTS] });
  }
}

export const CREATE_CATEGORY_ACCESS = adminAccess();

/** Creates a category (Admin). */
export async function createCategory(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: CategoryInput,
): Promise<CategoryData> {
  requireAccess(CREATE_CATEGORY_ACCESS, viewer);
  try {
    return await deps.orm.em.fork().transactional(async (tx) => {
      await assertNameFree(tx, input.name);
      const category = tx.create(Category, { name: input.name });
      await tx.flush();
      return { id: category.id, name: category.name };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError('CONFLICT', CATEGORY_EXISTS, { name: [CATEGORY_EXISTS] });
    }
    throw error;
  }
}

export const RENAME_CATEGORY_ACCESS = adminAccess();

/** Renames a category (Admin). */
export async function renameCategory(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
  input: CategoryInput,
): Promise<CategoryData> {
  requireAccess(RENAME_CATEGORY_ACCESS, viewer);
  try {
    const renamed = await deps.orm.em.fork().transactional(async (tx) => {
      const category = await tx.findOne(Category, id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      await assertNameFree(tx, input.name, id);
      category.name = input.name;
      await tx.flush();
      return { id: category.id, name: category.name };
    });
    // A search matches category names: its cached counts and rankings are stale now. Which
    // recipes a category holds did not change, so category filters keep theirs.
    invalidateRecipeCaches(deps.orm, categoryRenamedTags());
    return renamed;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError('CONFLICT', CATEGORY_EXISTS, { name: [CATEGORY_EXISTS] });
    }
    throw error;
  }
}

export const DELETE_CATEGORY_ACCESS = adminAccess(['input', 'login', 'role']);

/** Deletes a category no recipe uses (Admin); the foreign key refuses it too. */
export async function deleteCategory(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<void> {
  requireAccess(DELETE_CATEGORY_ACCESS, viewer);
  await deps.orm.em.fork().transactional(async (tx) => {
    const category = await tx.findOne(Category, id);
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    if ((await tx.count(RecipeCategory, { category: id })) > 0) {
      throw new AppError('CONFLICT', CATEGORY_IN_USE);
    }
    tx.remove(category);
    await tx.flush();
  });
}
