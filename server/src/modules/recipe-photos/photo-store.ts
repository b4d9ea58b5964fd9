import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaStoreError } from '../shared/media-store-error.js';
import type { EncodedPhoto } from './photo-encoding.js';
import { PHOTO_KEY } from '@recipehub/openapi/text-rules';
import { PHOTO_FORMATS, photoFileName, storedWidths } from './photo-paths.js';

export const PHOTO_NO_SPACE =
  'The photo could not be stored because the server is out of storage space. Please try again later.';
export const PHOTO_UNWRITABLE = 'The photo could not be stored right now. Please try again later.';

const folderOf = (mediaDir: string) => path.join(mediaDir, 'recipes');

/**
 * Stores every size under a new random key. Each file is written under a temporary name in the
 * same folder and renamed (atomic on one filesystem), so a public name never points at a
 * half-written file; if any write fails, every file of this key is removed again.
 */
export async function storePhotoFiles(mediaDir: string, photo: EncodedPhoto): Promise<string> {
  const key = randomBytes(16).toString('hex');
  const folder = folderOf(mediaDir);
  try {
    await mkdir(folder, { recursive: true });
    await Promise.all(
      photo.files.map(async (file) => {
        const name = photoFileName(key, file.width, file.format);
        const temporary = path.join(folder, `.${name}.partial`);
        try {
          await writeFile(temporary, file.bytes);
          await rename(temporary, path.join(folder, name));
        } finally {
          await rm(temporary, { force: true }).catch(() => undefined);
        }
      }),
    );
  } catch (error) {
    await removePhotoFiles(mediaDir, key, photo.width).catch(() => undefined);
    throw mediaStoreError(error, { noSpace: PHOTO_NO_SPACE, unavailable: PHOTO_UNWRITABLE });
  }
  return key;
}

/** Deletes every stored size of a photo; a key that is not one of ours is left alone. */
export async function removePhotoFiles(
  mediaDir: string,
  key: string,
  largestWidth: number,
): Promise<void> {
  if (!PHOTO_KEY.test(key)) return;
  const folder = folderOf(mediaDir);
  await Promise.all(
    storedWidths(largestWidth).flatMap((width) =>
      PHOTO_FORMATS.map((format) =>
        rm(path.join(folder, photoFileName(key, width, format)), { force: true }),
      ),
    ),
  );
}
