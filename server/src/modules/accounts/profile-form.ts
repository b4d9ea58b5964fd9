// Brings in @fastify/multipart's request.parts / isMultipart types wherever this file is compiled
// (web/ type-checks the server's router, which reaches the declarations that read forms).
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { MAX_PROFILE_IMAGE_BYTES } from '@recipehub/openapi/limits';
import { PROFILE_UPDATE_FAILED } from './profile.js';

/** The multipart limits (@fastify/multipart): one picture and the profile's text fields. */
export const PROFILE_FORM_LIMITS = {
  fileSize: MAX_PROFILE_IMAGE_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 10_000,
  parts: 25,
};

/**
 * The whole form: the picture, every field at its largest, and room for the part headers. Without
 * it busboy read any body to its end (a 20 MB body with no closing boundary was read whole, then
 * failed); now a larger Content-Length is refused before reading, and a chunked body when it
 * passes the mark.
 */
export const MAX_PROFILE_FORM_BYTES = MAX_PROFILE_IMAGE_BYTES + 512 * 1024;

export const FORM_UNREADABLE = 'The request could not be read.';

const formTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', PROFILE_UPDATE_FAILED, {
    body: ['The form must be at most 5.5 MB in all, with an image of at most 5 MB.'],
  });

const formMalformed = () =>
  new AppError('VALIDATION_FAILED', FORM_UNREADABLE, {
    body: ['The multipart form data is malformed or incomplete.'],
  });

/** Refuses, before reading anything, a body announced larger than the form can be. */
export function checkProfileFormLength(request: FastifyRequest): void {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_PROFILE_FORM_BYTES) throw formTooLarge();
}

/**
 * The multipart variant of the profile update: dotted `profile.*` text fields become the nested
 * object of the JSON variant (an empty value clears the field), `profile.image` is the file.
 *
 * A body busboy cannot parse (no boundary, garbage, cut short) is the client's mistake: 400. The
 * multipart plugin's own errors carry their status (413 for a large file) and pass through.
 */
export async function readProfileForm(
  request: FastifyRequest,
): Promise<{ body: Record<string, unknown>; image: Buffer | undefined }> {
  checkProfileFormLength(request);
  const body: Record<string, unknown> = {};
  const profile: Record<string, unknown> = {};
  let image: Buffer | undefined;

  // Counts what arrives, so a body without Content-Length is cut at the same size; every await
  // below races it, because busboy waits silently inside an oversized field until the body ends.
  let received = 0;
  let refuse: (error: AppError) => void = () => undefined;
  const overLimit = new Promise<never>((_resolve, reject) => {
    refuse = reject;
  });
  overLimit.catch(() => undefined); // raced below; never an unhandled rejection
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_PROFILE_FORM_BYTES) refuse(formTooLarge());
  };
  request.raw.on('data', count);
  const guarded = <T>(step: Promise<T>) => Promise.race([step, overLimit]);

  try {
    const parts = request.parts({ limits: PROFILE_FORM_LIMITS })[Symbol.asyncIterator]();
    for (;;) {
      const next = await guarded(parts.next());
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        const bytes = await guarded(part.toBuffer()); // read even when ignored, or the request stalls
        if (part.fieldname === 'profile.image' && bytes.length > 0) image = bytes;
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname.startsWith('profile.')) {
        const key = part.fieldname.slice('profile.'.length);
        if (key === 'image') continue;
        if (key === 'age')
          profile.age = value === '' ? null : /^\d+$/.test(value) ? Number(value) : value;
        else if (key === 'portfolio' || key === 'facebook')
          profile[key] = value === '' ? null : value;
        else profile[key] = value;
      } else {
        body[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    // busboy's own parse errors ("Multipart: Boundary not found", "Unexpected end of form"...).
    throw formMalformed();
  } finally {
    request.raw.off('data', count);
  }
  if (Object.keys(profile).length > 0) body.profile = profile;
  return { body, image };
}
