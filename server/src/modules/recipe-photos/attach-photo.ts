import type { EntityManager } from '@mikro-orm/core';
import { PHOTO_NOT_FOUND } from '@recipehub/openapi/messages';
import { AppError } from '../../errors/app-error.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import type { Recipe } from '../recipes/data/recipe.entity.js';
import { PHOTO_PREFIX, photoFileName } from '../recipes/data/photo-paths.js';
import { PhotoUpload } from './photo-upload.entity.js';
import { UPLOAD_LIFETIME_MS } from './upload-photo.js';

/** A photo whose files are to be deleted once the recipe's change is committed. */
export interface ReplacedPhoto {
  key: string;
  width: number;
}

/** The absolute URL of a photo's largest WebP: what `img` holds for clients that know only it. */
export const photoImageUrl = (publicUrl: string, key: string, width: number) =>
  `${publicUrl.replace(/\/$/, '')}${PHOTO_PREFIX}${photoFileName(key, width, 'webp')}`;

/**
 * Applies a recipe input's `photo` and `img` to the recipe, inside the write's transaction:
 * - `photo` an upload's key: attaches it (the caller's own unused upload), `img` becomes its URL;
 *   the recipe's own photo's key keeps it (a form sending back what it read);
 * - `photo` null: removes the uploaded photo, `img` applies;
 * - `photo` left out: the photo stays while `img` is its own URL (an older client sending back
 *   what it read), and another `img` replaces it.
 * Answers the photo it replaced, for the caller to delete after the commit.
 */
export async function applyPhotoInput(
  tx: EntityManager,
  recipe: Recipe,
  input: { photo?: string | null; img: string | null },
  context: { ownerId: number; publicUrl: string },
): Promise<ReplacedPhoto | null> {
  const current =
    recipe.photoKey && recipe.photoWidth
      ? { key: recipe.photoKey, width: recipe.photoWidth }
      : null;
  const currentUrl = current ? photoImageUrl(context.publicUrl, current.key, current.width) : null;
  if (typeof input.photo === 'string' && input.photo === current?.key) {
    recipe.img = currentUrl;
    return null;
  }
  if (typeof input.photo === 'string') {
    const upload = await tx.findOne(PhotoUpload, {
      key: input.photo,
      owner: context.ownerId,
      createdAt: { $gte: new Date(Date.now() - UPLOAD_LIFETIME_MS) },
    });
    // Claimed by deleting its row now, not at flush: the statement locks the row (MySQL) until
    // the commit, so the photo sweep's delete of the same row waits and then finds nothing, and a
    // row the sweep (or another tab) deleted first is refused here instead of attached without
    // its files (photo-sweep.ts).
    if (!upload || (await tx.nativeDelete(PhotoUpload, { key: upload.key })) !== 1) {
      throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, { photo: [PHOTO_NOT_FOUND] });
    }
    recipe.photoKey = upload.key;
    recipe.photoWidth = upload.width;
    recipe.photoHeight = upload.height;
    recipe.photoPlaceholder = upload.placeholder;
    recipe.img = photoImageUrl(context.publicUrl, upload.key, upload.width);
    return current;
  }
  if (input.photo === undefined && current && input.img === currentUrl) return null;
  recipe.photoKey = null;
  recipe.photoWidth = null;
  recipe.photoHeight = null;
  recipe.photoPlaceholder = null;
  // An older client sending back the removed photo's own URL means "no image", not a dead link.
  recipe.img = input.img === currentUrl ? null : input.img;
  return current;
}
