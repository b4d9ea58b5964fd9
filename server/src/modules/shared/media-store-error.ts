import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error.js';

/*
 * The one place that decides what a failed write to the media store (MEDIA_DIR: profile pictures,
 * recipe photos) means for the client. Either way nothing was stored and nothing changed. The
 * upload use cases call it, not the stores: the demo seed stores photos too, and its operator
 * needs the filesystem's own words ("EEXIST ... mkdir '/data/media/recipes'"), not a client's.
 */

/** What to tell the client, in the words of the thing that could not be stored. */
export interface MediaStoreMessages {
  noSpace: string;
  unavailable: string;
}

/** A full disk or quota: 507, until an operator makes room. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A store that cannot take a file right now: 503 with Retry-After. Our own names are random and
 * our folders fixed, so these come from the store itself, never from the request.
 */
const UNUSABLE_CODES = new Set([
  // Read-only or refused: a read-only mount, the wrong owner or mode, an immutable folder.
  'EROFS',
  'EACCES',
  'EPERM',
  // The folder is gone or is not a folder: an unmounted volume, a plain file in its place (mkdir
  // answers EEXIST, a write into it ENOTDIR), a symlink loop.
  'ENOENT',
  'ENOTDIR',
  'EEXIST',
  'EISDIR',
  'ELOOP',
  // The device or network filesystem fails or is away (FUSE answers ENOTCONN, NFS ESTALE).
  'EIO',
  'ENXIO',
  'ENODEV',
  'ENOTCONN',
  'ESTALE',
  'ETIMEDOUT',
  'EBUSY',
  // The process or the system is out of file handles.
  'EMFILE',
  'ENFILE',
]);

/** A store that is unusable usually comes back once an operator (or a remount) fixes it. */
export const MEDIA_STORE_RETRY_AFTER_SECONDS = 60;

/**
 * The AppError a failed media write answers: 507 for a full disk, 503 with Retry-After for a store
 * that is read-only, missing, not a folder or failing. Either is logged with the filesystem's error,
 * as the client's answer does not say which folder failed or why. Anything else (a bug) is
 * returned as it came and stays a 500, logged where 500s are.
 */
export function mediaStoreError(
  error: unknown,
  messages: MediaStoreMessages,
  log: Pick<FastifyBaseLogger, 'warn'>,
): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || error instanceof AppError) return error;
  let refusal: AppError;
  if (NO_SPACE_CODES.has(code)) {
    refusal = new AppError('INSUFFICIENT_STORAGE', messages.noSpace);
  } else if (UNUSABLE_CODES.has(code)) {
    refusal = new AppError('SERVICE_UNAVAILABLE', messages.unavailable, undefined, {
      retryAfterSeconds: MEDIA_STORE_RETRY_AFTER_SECONDS,
    });
  } else {
    return error;
  }
  log.warn({ err: error }, `media store refused a file (answered ${refusal.status})`);
  return refusal;
}
