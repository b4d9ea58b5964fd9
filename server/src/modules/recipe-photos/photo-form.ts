// Brings in @fastify/multipart's request.parts / isMultipart types wherever this file is compiled
// (web/ type-checks the server's router, which reaches the declarations that read forms).
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, photoError } from './photo-encoding.js';

export const PHOTO_MISSING = 'Choose a photo to upload.';
export const PHOTO_FORM_MALFORMED = 'The multipart form data is malformed or incomplete.';

/** @fastify/multipart's limits for the upload form: one file, nothing else of size. */
export const PHOTO_FORM_LIMITS = {
  fileSize: MAX_PHOTO_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1000,
  parts: 6,
};
/** The file at its largest and room for the part headers and a few small fields. */
const MAX_PHOTO_FORM_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

/**
 * Reads the `photo` file of the upload form. A body announced larger than the form can be is
 * refused before reading; a file over 10 MiB is refused as soon as it passes the mark (busboy
 * stops); a body busboy cannot parse is the client's mistake (400).
 */
export async function readPhotoForm(request: FastifyRequest): Promise<Buffer> {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_PHOTO_FORM_BYTES) {
    throw photoError(PHOTO_TOO_LARGE, 'PAYLOAD_TOO_LARGE');
  }
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, {
      photo: ['Send the photo as multipart/form-data, in the field "photo".'],
    });
  }
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: PHOTO_FORM_LIMITS })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer(); // read even when ignored, or the request stalls
      if (part.fieldname === 'photo' && bytes.length > 0) photo = bytes;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoError(PHOTO_TOO_LARGE, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw photoError('Send one photo at a time.');
    }
    throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, { body: [PHOTO_FORM_MALFORMED] });
  }
  if (!photo) throw photoError(PHOTO_MISSING);
  return photo;
}
