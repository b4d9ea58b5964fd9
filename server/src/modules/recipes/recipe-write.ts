import type { EntityManager } from '@mikro-orm/core';
import { memberAccess, requireAccess } from '../../auth/access.js';
import type { RecipeInput } from '@recipehub/openapi/schemas/recipes';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import { Category } from './data/category.entity.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, placeholders, VALIDATION_DETAIL } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { User } from '../users/user.entity.js';
import { listBlockSize, splitFullBlocks } from './data/recipe-list-blocks.js';
import { retryOnConflict } from '../shared/retry.js';
import { readRecipe, type RecipeData } from './data/recipe-read.js';
import { DELETE_FORBIDDEN, RECIPE_NOT_FOUND, UPDATE_FORBIDDEN } from './data/recipe-messages.js';
import { Recipe } from './data/recipe.entity.js';
import { applyPhotoInput, type ReplacedPhoto } from '../recipe-photos/attach-photo.js';
import { removePhotoFiles } from '../recipe-photos/photo-store.js';
import { recordAudit } from '../audit/record-audit.js';

/** Every id must name a category (400 on `category_ids` otherwise). */
async function loadCategories(
  em: Parameters<typeof selectRows>[0],
  ids: readonly number[],
): Promise<Category[]> {
  const rows = await selectRows<{ id: number }>(
    em,
    `select \`id\` from \`category\` where \`id\` in (${placeholders(ids)})`,
    ids,
  );
  const found = new Set(rows.map((row) => Number(row.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const message = `Unknown category: ${missing.join(', ')}.`;
    throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, { category_ids: [message] });
  }
  return ids.map((id) => em.getReference(Category, id));
}

/**
 * New recipes fill the newest block of the list (recipe-list-blocks.ts); split it once it holds
 * twice BLOCK_SIZE. After the commit: the recipe exists whatever happens here, and a block left
 * whole is still counted right, only its deep pages skip further; so a failure is logged, not
 * answered.
 */
async function keepBlocksEven(deps: ServiceDeps): Promise<void> {
  try {
    await splitFullBlocks(deps.database, deps.orm.em.fork(), listBlockSize(deps.recipeLimits));
  } catch (error) {
    deps.log.error({ err: error }, 'Splitting a full block of the recipe list failed');
  }
}

const photoContext = (deps: ServiceDeps, ownerId: number) => ({
  ownerId,
  publicUrl: deps.config.publicUrl,
});

/**
 * After the commit: the recipe no longer names the photo, so its files go. A failure (a busy
 * disk) is logged: it leaves unreachable files behind, never a recipe without its image.
 */
async function removeReplacedPhoto(deps: ServiceDeps, photo: ReplacedPhoto | null): Promise<void> {
  if (!photo) return;
  await removePhotoFiles(deps.config.mediaDir, photo.key, photo.width).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'Deleting a replaced recipe photo failed'),
  );
}

export const CREATE_RECIPE_ACCESS = memberAccess();

/** Creates a recipe by the caller (any logged-in role) and answers it as the author sees it. */
export async function createRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: RecipeInput,
): Promise<RecipeData> {
  const known = requireAccess(CREATE_RECIPE_ACCESS, viewer);
  const em = deps.orm.em.fork();
  // MySQL: the list-count triggers lock shared counter rows (recipe_total, category sets), so two
  // concurrent recipe writes may deadlock; the victim's transaction rolled back and runs again.
  const id = await retryOnConflict(() =>
    em.transactional(async (tx) => {
      const categories = await loadCategories(tx, input.category_ids);
      const recipe = tx.create(Recipe, {
        title: input.title,
        img: input.img,
        ingredients: input.ingredients,
        instructions: input.instructions,
        servings: input.servings ?? null,
        sourceUrl: input.source_url ?? null,
        photoKey: null,
        photoWidth: null,
        photoHeight: null,
        photoPlaceholder: null,
        author: tx.getReference(User, known.userId),
      });
      await applyPhotoInput(tx, recipe, input, photoContext(deps, known.userId));
      recipe.categories.set(categories);
      await tx.flush();
      return recipe.id;
    }),
  );
  await keepBlocksEven(deps);
  const created = await readRecipe(deps.database, em, id, known);
  if (!created) throw notFound(RECIPE_NOT_FOUND);
  return created;
}

export const UPDATE_RECIPE_ACCESS = memberAccess();

/** Replaces a recipe's content (its author or an Admin). */
export async function updateRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
  input: RecipeInput,
): Promise<RecipeData> {
  const known = requireAccess(UPDATE_RECIPE_ACCESS, viewer);
  const em = deps.orm.em.fork();
  const replaced = await retryOnConflict(() =>
    em.transactional(async (tx) => {
      const recipe = await tx.findOne(Recipe, id, { populate: ['categories'] });
      if (!recipe) throw notFound(RECIPE_NOT_FOUND);
      if (known.role !== 'Admin' && recipe.author?.id !== known.userId) {
        throw new AppError('FORBIDDEN', UPDATE_FORBIDDEN);
      }
      const categories = await loadCategories(tx, input.category_ids);
      recipe.title = input.title;
      const replacedPhoto = await applyPhotoInput(
        tx,
        recipe,
        input,
        photoContext(deps, known.userId),
      );
      recipe.ingredients = input.ingredients;
      recipe.instructions = input.instructions;
      if (input.servings !== undefined) recipe.servings = input.servings;
      if (input.source_url !== undefined) recipe.sourceUrl = input.source_url;
      recipe.categories.set(categories);
      await tx.flush();
      return replacedPhoto;
    }),
  );
  await removeReplacedPhoto(deps, replaced);
  const updated = await readRecipe(deps.database, em, id, known);
  if (!updated) throw notFound(RECIPE_NOT_FOUND);
  return updated;
}

export const DELETE_RECIPE_ACCESS = memberAccess(['input', 'login']);

/**
 * An Admin deleting someone else's recipe is moderation: the audit log keeps the recipe's title
 * and author, in the deletion's transaction. (A DELETE has no body, so no reason.)
 */
async function auditModeratorDeletion(tx: EntityManager, adminId: number, recipe: Recipe) {
  const admin = await tx.findOneOrFail(User, adminId);
  const author = recipe.author ? await tx.findOne(User, recipe.author.id) : null;
  await recordAudit(tx, {
    actor: { id: admin.id, handle: admin.handle },
    action: 'recipe_delete',
    target: { type: 'recipe', id: recipe.id },
    before: { title: recipe.title, author: author?.handle ?? null },
    after: null,
    reason: null,
  });
}

/** Deletes a recipe (its author or an Admin); the database cascades to its dependants. */
export async function deleteRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<void> {
  const known = requireAccess(DELETE_RECIPE_ACCESS, viewer);
  const photo = await retryOnConflict(() =>
    deps.orm.em.fork().transactional(async (tx) => {
      const recipe = await tx.findOne(Recipe, id);
      if (!recipe) throw notFound(RECIPE_NOT_FOUND);
      if (known.role !== 'Admin' && recipe.author?.id !== known.userId) {
        throw new AppError('FORBIDDEN', DELETE_FORBIDDEN);
      }
      if (recipe.author?.id !== known.userId)
        await auditModeratorDeletion(tx, known.userId, recipe);
      await tx.nativeDelete(Recipe, { id });
      return recipe.photoKey && recipe.photoWidth
        ? { key: recipe.photoKey, width: recipe.photoWidth }
        : null;
    }),
  );
  await removeReplacedPhoto(deps, photo);
}
