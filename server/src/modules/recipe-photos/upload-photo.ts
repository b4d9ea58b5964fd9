import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.js';
import { memberAccess, requireAccess } from '../../auth/access.js';
import { defineUseCase } from '../../auth/use-case.js';
import { mediaStoreError, type MediaStoreMessages } from '../shared/media-store-error.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { User } from '../users/user.entity.js';
import { withEncodingSlot } from './encoding-slots.js';
import { encodePhoto } from './photo-encoding.js';
import { photoData, type RecipePhotoData } from '../recipes/data/photo-paths.js';
import { removePhotoFiles, storePhotoFiles } from './photo-store.js';
import { PhotoUpload } from './photo-upload.entity.js';
import { readPhotoForm } from './photo-form.js';

/**
 * How long an upload may be attached. One not attached by then is deleted, with its files, by the
 * photo sweep (photo-sweep.ts).
 */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const UPLOAD_PHOTO_ACCESS = memberAccess();

export const PHOTO_STORE_MESSAGES: MediaStoreMessages = {
  noSpace:
    'The photo could not be stored because the server is out of storage space. Please try again later.',
  unavailable: 'The photo could not be stored right now. Please try again later.',
};

/**
 * Checks, encodes and stores a photo for the caller to attach to a recipe (`photo` in the recipe
 * input). Nothing is kept when any step fails: the answer is a 4xx (or 503/507) and no file or row
 * stays behind.
 */
export async function uploadRecipePhoto(
  deps: ServiceDeps,
  viewer: Viewer | null,
  bytes: Buffer,
): Promise<RecipePhotoData> {
  const member = requireAccess(UPLOAD_PHOTO_ACCESS, viewer);
  await deps.limiter.hit('recipePhotoUpload', { subject: String(member.userId) });
  const encoded = await withEncodingSlot(() => encodePhoto(bytes));
  const mediaDir = deps.config.mediaDir;
  const key = await storePhotoFiles(mediaDir, encoded).catch((error: unknown) => {
    throw mediaStoreError(error, PHOTO_STORE_MESSAGES, deps.log);
  });
  try {
    const em = deps.orm.em.fork();
    em.create(PhotoUpload, {
      key,
      owner: em.getReference(User, member.userId),
      width: encoded.width,
      height: encoded.height,
      placeholder: encoded.placeholder,
    });
    await em.flush();
  } catch (error) {
    await removePhotoFiles(mediaDir, key, encoded.width).catch(() => undefined);
    throw error;
  }
  return photoData(key, encoded.width, encoded.height, encoded.placeholder);
}

/**
 * POST /api/recipes/photos/: the upload the web form and REST clients use. REST only: tRPC
 * carries JSON, so both faces attach the answer's `id` through the recipe input's `photo`. 401
 * before a byte of the form is read.
 */
export const uploadPhoto = defineUseCase({
  access: UPLOAD_PHOTO_ACCESS,
  // The file's bytes, read from the multipart form (no tRPC face parses this schema).
  input: z.instanceof(Buffer),
  rest: { method: 'POST', path: '/api/recipes/photos/', status: 201, readForm: readPhotoForm },
  trpc: { kind: 'none' },
  handle: (deps, member, bytes) => uploadRecipePhoto(deps, member, bytes),
});

/** The photo calls: REST's upload only. */
export const RECIPE_PHOTO_USE_CASES = { upload: uploadPhoto };
