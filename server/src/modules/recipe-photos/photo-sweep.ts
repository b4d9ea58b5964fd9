import { LockMode } from '@mikro-orm/core';
import type { Orm } from '../../db/database.js';
import {
  SWEEP_BATCH_SIZE,
  pauseBetweenBatches,
  photoKeysInUse,
  type SweepDeps,
} from './photo-sweep-batches.js';
import { sweepOrphanPhotoFiles } from './photo-sweep-files.js';
import { removePhotoFiles } from './photo-store.js';
import { PhotoUpload } from './photo-upload.entity.js';
import { UPLOAD_LIFETIME_MS } from './upload-photo.js';

/**
 * How old an unattached upload or an unknown file must be before the sweep deletes it: a day.
 * An upload is attachable for that long (UPLOAD_LIFETIME_MS: a recipe form left open over a meal
 * or overnight still saves), so the sweep never takes one a member may still send; and a file
 * without a row is younger than a day only while its upload (seconds) or the demo seed (about
 * 20 s, demo-photos.ts) is between writing it and inserting the row that names it.
 */
export const PHOTO_SWEEP_GRACE_MS = UPLOAD_LIFETIME_MS;

export interface PhotoSweepOptions {
  /** The sweep's clock (tests move it); the grace period is counted back from it. */
  now?: Date;
  batchSize?: number;
  /** Stops between batches (the server closing). */
  signal?: AbortSignal;
}

export interface PhotoSweepReport {
  /** Unattached uploads deleted with their files. */
  uploads: number;
  /** Files deleted that no upload or recipe named. */
  orphanFiles: number;
}

export interface UploadCandidate {
  key: string;
  width: number;
}

/** The oldest uploads created before `cutoff`: candidates only, an attach may still claim them. */
export async function findStaleUploads(
  orm: Orm,
  cutoff: Date,
  limit: number,
): Promise<UploadCandidate[]> {
  const rows = await orm.em
    .fork()
    .find(
      PhotoUpload,
      { createdAt: { $lt: cutoff } },
      { fields: ['key', 'width'], orderBy: { createdAt: 'asc', key: 'asc' }, limit },
    );
  return rows.map((row) => ({ key: row.key, width: row.width }));
}

/**
 * Deletes the candidates' rows that are still there and still older than `cutoff`, and answers
 * those: their files are then no one's. An attach deletes its upload's row inside its own
 * transaction (attach-photo.ts), so a row is either taken by it or by this, never both: the
 * locking read waits for an attach holding the row uncommitted (MySQL) and then no longer finds
 * it; on SQLite the transaction holds the one write connection from that read to the delete (a
 * second process writing in between makes the delete fail with SQLITE_BUSY, deleting nothing).
 */
export async function deleteUnattachedUploads(
  orm: Orm,
  candidates: UploadCandidate[],
  cutoff: Date,
): Promise<UploadCandidate[]> {
  if (candidates.length === 0) return [];
  return orm.em.fork().transactional(async (tx) => {
    const still = await tx.find(
      PhotoUpload,
      { key: { $in: candidates.map((candidate) => candidate.key) }, createdAt: { $lt: cutoff } },
      { fields: ['key', 'width'], lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (still.length === 0) return [];
    await tx.nativeDelete(PhotoUpload, { key: { $in: still.map((upload) => upload.key) } });
    return still.map((upload) => ({ key: upload.key, width: upload.width }));
  });
}

/** Deletes uploads nobody attached within the grace period, and their files, batch by batch. */
async function sweepUnattachedUploads(
  deps: SweepDeps,
  cutoff: Date,
  batchSize: number,
  signal?: AbortSignal,
): Promise<number> {
  let swept = 0;
  while (!signal?.aborted) {
    const candidates = await findStaleUploads(deps.orm, cutoff, batchSize);
    const deleted = await deleteUnattachedUploads(deps.orm, candidates, cutoff);
    // A row is deleted only while no recipe has the key, so this finds none; it costs one indexed
    // read and keeps the files of any key a recipe names, whatever wrote it.
    const inUse = await photoKeysInUse(
      deps.orm,
      deleted.map((upload) => upload.key),
    );
    for (const upload of deleted) {
      if (!inUse.has(upload.key)) {
        await removePhotoFiles(deps.config.mediaDir, upload.key, upload.width);
      }
    }
    swept += deleted.length;
    if (candidates.length < batchSize) break;
    await pauseBetweenBatches(signal);
  }
  return swept;
}

/**
 * One sweep: uploads never attached within PHOTO_SWEEP_GRACE_MS (rows and files), then files in
 * MEDIA_DIR/recipes/ that no upload or recipe names and that are older than that (a crash between
 * writing the files and inserting the row, a delete whose file removal failed, the recipes of a
 * deleted account, a `seed --force`).
 */
export async function sweepPhotos(
  deps: SweepDeps,
  options: PhotoSweepOptions = {},
): Promise<PhotoSweepReport> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - PHOTO_SWEEP_GRACE_MS);
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  const uploads = await sweepUnattachedUploads(deps, cutoff, batchSize, options.signal);
  const orphanFiles = await sweepOrphanPhotoFiles(deps, cutoff, batchSize, options.signal);
  return { uploads, orphanFiles };
}
