import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_PROFILE_IMAGE_BYTES } from '@recipehub/openapi/limits';
import { PROFILE_IMAGE_TOO_LARGE, PROFILE_IMAGE_TYPE_ERROR } from '@recipehub/openapi/messages';
import { AppError } from '../../errors/app-error.js';
import type { MediaStoreMessages } from '../shared/media-store-error.js';

export const PROFILE_IMAGE_NO_SPACE =
  'The picture could not be stored because the server is out of storage space. Please try again later.';
export const PROFILE_IMAGE_UNWRITABLE =
  'The picture could not be stored right now. Please try again later.';
export const PROFILE_IMAGE_STORE_MESSAGES: MediaStoreMessages = {
  noSpace: PROFILE_IMAGE_NO_SPACE,
  unavailable: PROFILE_IMAGE_UNWRITABLE,
};
const PUBLIC_PREFIX = '/media/profiles/';
/** Profile pictures are shown small; 512 px keeps them sharp on high-density screens. */
const MAX_SIDE = 512;

/** What the bytes say the file is, whatever its name or declared type claims. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  const gif = bytes.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  return null;
}

function imageError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Profile Update Failed!', {
    'profile.image': [message],
  });
}

/**
 * Checks the bytes, re-encodes to WebP at most 512 px a side (which drops EXIF, GPS and any other
 * metadata, and anything hidden after the image data) and stores it under a random name.
 * Returns the public path (`/media/profiles/<name>.webp`). A refused image is an AppError; a
 * failed write throws the filesystem's error (media-store-error.ts turns it into an answer).
 */
export async function storeProfileImage(mediaDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_PROFILE_IMAGE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Profile Update Failed!', {
      'profile.image': [PROFILE_IMAGE_TOO_LARGE],
    });
  }
  if (!sniffImageType(bytes)) throw imageError(PROFILE_IMAGE_TYPE_ERROR);
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw imageError('The image could not be read. Please upload another one.');
  }
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const folder = path.join(mediaDir, 'profiles');
  // Written under a temporary name in the same folder and renamed (atomic on one filesystem): the
  // public name never points at a half-written file, and a failed write (disk full) leaves nothing.
  const temporary = path.join(folder, `.${name}.partial`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(temporary, encoded);
    await rename(temporary, path.join(folder, name));
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  return `${PUBLIC_PREFIX}${name}`;
}

/** Deletes a stored profile picture by its public path; other paths are left alone. */
export async function removeProfileImage(
  mediaDir: string,
  publicPath: string | null,
): Promise<void> {
  if (!publicPath?.startsWith(PUBLIC_PREFIX)) return;
  const name = publicPath.slice(PUBLIC_PREFIX.length);
  if (!/^[a-f0-9]{32}\.webp$/.test(name)) return;
  await rm(path.join(mediaDir, 'profiles', name), { force: true });
}
