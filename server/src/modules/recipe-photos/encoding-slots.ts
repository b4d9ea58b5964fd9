import pLimit from 'p-limit';
import { AppError } from '../../errors/app-error.js';

export const PHOTO_SERVER_BUSY =
  'The server is busy with other photos right now. Please try again in a few seconds.';

/**
 * sharp encodes on libuv's threadpool (4 threads by default), which file system calls and DNS
 * share. Two photos at a time (each encoding one size at a time, photo-encoding.ts) keep two
 * threads free for those, and bound the memory of decoded originals (40 MP of RGBA is 160 MB); six
 * more wait (an upload takes 0.6-1.5 s here), and beyond that the caller is told to come back
 * (503, Retry-After) rather than queue for long.
 */
const RUNNING = 2;
const WAITING = 6;
const limit = pLimit(RUNNING);

export function withEncodingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= WAITING) {
    return Promise.reject(
      new AppError('SERVICE_UNAVAILABLE', PHOTO_SERVER_BUSY, undefined, { retryAfterSeconds: 5 }),
    );
  }
  return limit(work);
}
