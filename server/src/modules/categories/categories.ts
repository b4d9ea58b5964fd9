import { adminAccess, PUBLIC_ACCESS } from '../../auth/access.js';
import { defineUseCase, fromBody, NO_INPUT } from '../../auth/use-case.js';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { categoryInput } from '@recipehub/openapi/schemas/recipes';
import { z } from 'zod';
import { parseInput } from '../../errors/field-errors.js';
import { AppError } from '../../errors/app-error.js';
import { RecipeCategory } from '../recipes/data/recipe-category.entity.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { Category } from '../recipes/data/category.entity.js';

export const CATEGORY_NOT_FOUND = 'No category found.';
export const CATEGORY_EXISTS = 'A category with this name already exists.';
export const CATEGORY_IN_USE = 'This category is used by recipes and cannot be deleted.';

export interface CategoryData {
  id: number;
  name: string;
}

/** Every category, by name (public); the dashboard's first paint reads it too. */
export async function readCategories(deps: ServiceDeps): Promise<CategoryData[]> {
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

/** A duplicate name that slipped past `assertNameFree` (a race) answers as one it caught. */
function nameTaken(error: unknown): unknown {
  return error instanceof UniqueConstraintViolationException
    ? new AppError('CONFLICT', CATEGORY_EXISTS, { name: [CATEGORY_EXISTS] })
    : error;
}

const categoryId = (value: string | undefined) => parseIdText(value, 'id', 'Category id');
const byId = z.object({ id: idSchema('Id') });

export const listCategories = defineUseCase({
  access: PUBLIC_ACCESS,
  input: NO_INPUT,
  rest: { method: 'GET', path: '/api/recipes/categories/', read: () => undefined },
  trpc: { kind: 'query' },
  handle: (deps) => readCategories(deps),
});

/** Creates a category (Admin). */
export const createCategory = defineUseCase({
  access: adminAccess(),
  input: categoryInput,
  rest: {
    method: 'POST',
    path: '/api/recipes/categories/',
    status: 201,
    read: fromBody(categoryInput, VALIDATION_DETAIL),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  async handle(deps, _admin, input): Promise<CategoryData> {
    try {
      return await deps.orm.em.fork().transactional(async (tx) => {
        await assertNameFree(tx, input.name);
        const category = tx.create(Category, { name: input.name });
        await tx.flush();
        return { id: category.id, name: category.name };
      });
    } catch (error) {
      throw nameTaken(error);
    }
  },
});

/** Renames a category (Admin). */
export const renameCategory = defineUseCase({
  access: adminAccess(),
  input: byId.extend(categoryInput.shape),
  rest: {
    method: 'PUT',
    path: '/api/recipes/categories/:id/',
    read: (request) => ({
      id: categoryId(request.params.id),
      ...parseInput(categoryInput, request.body, VALIDATION_DETAIL),
    }),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, _admin, { id, name }) => rename(deps, id, name),
});

async function rename(deps: ServiceDeps, id: number, name: string): Promise<CategoryData> {
  try {
    return await deps.orm.em.fork().transactional(async (tx) => {
      const category = await tx.findOne(Category, id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      await assertNameFree(tx, name, id);
      category.name = name;
      await tx.flush();
      return { id: category.id, name: category.name };
    });
  } catch (error) {
    throw nameTaken(error);
  }
}

/** Deletes a category no recipe uses (Admin); the foreign key refuses it too. */
export const deleteCategory = defineUseCase({
  access: adminAccess(['input', 'login', 'role']),
  input: byId,
  rest: {
    method: 'DELETE',
    path: '/api/recipes/categories/:id/',
    status: 204,
    read: (request) => ({ id: categoryId(request.params.id) }),
  },
  trpc: { kind: 'mutation' },
  async handle(deps, _admin, { id }) {
    await deps.orm.em.fork().transactional(async (tx) => {
      const category = await tx.findOne(Category, id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      if ((await tx.count(RecipeCategory, { category: id })) > 0) {
        throw new AppError('CONFLICT', CATEGORY_IN_USE);
      }
      tx.remove(category);
      await tx.flush();
    });
    return null;
  },
});

/** The category calls, as tRPC names them (`categories.list`, ...); REST takes each one's path. */
export const CATEGORY_USE_CASES = {
  list: listCategories,
  create: createCategory,
  rename: renameCategory,
  delete: deleteCategory,
};
