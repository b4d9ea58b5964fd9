import { clearSession, readToken } from '../../lib/token-store';
import { SESSION_EXPIRED_EVENT } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/router-types';

/** An uploaded photo as the server answers it (openapi's RecipePhoto). */
export type RecipePhoto = NonNullable<RouterOutputs['recipes']['get']['photo']>;

export const PHOTO_UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** A refused upload, with the server's message for the photo field. */
export class PhotoUploadError extends Error {}

/**
 * Sends a photo to POST /api/recipes/photos/ (REST multipart, with the same bearer token as the
 * tRPC calls: tRPC carries JSON). The answer's `id` goes into the recipe's `photo`.
 */
export async function uploadRecipePhoto(file: File): Promise<RecipePhoto> {
  const form = new FormData();
  form.append('photo', file);
  const token = readToken();
  let response: Response;
  try {
    response = await fetch('/api/recipes/photos/', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new PhotoUploadError(PHOTO_UPLOAD_FAILED);
  }
  const body = (await response.json().catch(() => null)) as
    (RecipePhoto & { detail?: string; errors?: Record<string, string[]> }) | null;
  if (response.status === 401 && token !== null) {
    // Same rule as the tRPC client: a 401 ends the session (spec §4).
    clearSession();
    window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  }
  if (response.status !== 201 || !body) {
    throw new PhotoUploadError(body?.errors?.photo?.[0] ?? body?.detail ?? PHOTO_UPLOAD_FAILED);
  }
  return body;
}
