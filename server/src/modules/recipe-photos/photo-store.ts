import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EncodedPhoto } from './photo-encoding.js';
import { PHOTO_KEY } from '@recipehub/openapi/text-rules';
import { PHOTO_FORMATS, photoFileName, storedWidths } from '../recipes/data/photo-paths.js';

const folderOf = (mediaDir: string) => path.join(mediaDir, 'recipes');

/**
 * Stores every size under a new random key. Each file is written under a temporary name in the
 * same folder and renamed (atomic on one filesystem), so a public name never points at a
 * half-written file; if any write fails, every file of this key is removed again and the
 * filesystem's error is thrown (media-store-error.ts turns it into an answer for a client).
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
    throw error;
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
