import { lstat, opendir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pauseBetweenBatches, photoKeysInUse, type SweepDeps } from './photo-sweep-batches.js';

/** The names storePhotoFiles writes: `<key>-<width>.<format>`, and its `.<name>.partial` first. */
const PHOTO_FILE_NAME = /^\.?([a-f0-9]{32})-\d{1,5}\.(?:avif|webp)(?:\.partial)?$/;

/** File names waiting for a decision, by photo key. */
type PendingNames = Map<string, string[]>;

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** Deletes `name` if it was last written before `cutoff`; answers whether it did. */
async function removeIfOlder(folder: string, name: string, cutoff: Date): Promise<boolean> {
  const file = path.join(folder, name);
  try {
    const stats = await lstat(file);
    if (!stats.isFile() || stats.mtime >= cutoff) return false;
    await rm(file, { force: true });
    return true;
  } catch (error) {
    if (isMissing(error)) return false; // removed meanwhile (a replaced photo, another sweep)
    throw error;
  }
}

/** One batch: the database says which keys are known; old files of the others go. */
async function settleBatch(
  deps: SweepDeps,
  folder: string,
  pending: PendingNames,
  cutoff: Date,
): Promise<number> {
  const inUse = await photoKeysInUse(deps.orm, [...pending.keys()]);
  let removed = 0;
  for (const [key, names] of pending) {
    if (inUse.has(key)) continue;
    for (const name of names) {
      if (await removeIfOlder(folder, name, cutoff)) removed += 1;
    }
  }
  return removed;
}

/**
 * Walks MEDIA_DIR/recipes/ (opendir reads it a few entries at a time, off the event loop) and
 * deletes photo files older than `cutoff` whose key no upload and no recipe names, `batchSize`
 * keys per database question. Only names storePhotoFiles writes are considered: anything else an
 * operator keeps there stays. Files are dated by their modification time, which a write sets.
 */
export async function sweepOrphanPhotoFiles(
  deps: SweepDeps,
  cutoff: Date,
  batchSize: number,
  signal?: AbortSignal,
): Promise<number> {
  const folder = path.join(deps.config.mediaDir, 'recipes');
  let directory;
  try {
    directory = await opendir(folder);
  } catch (error) {
    if (isMissing(error)) return 0; // nothing uploaded yet
    throw error;
  }
  let removed = 0;
  let pending: PendingNames = new Map();
  // The iterator closes the directory when the loop ends, breaks or throws.
  for await (const entry of directory) {
    if (signal?.aborted) break;
    const key = entry.isFile() ? PHOTO_FILE_NAME.exec(entry.name)?.[1] : undefined;
    if (!key) continue;
    pending.set(key, [...(pending.get(key) ?? []), entry.name]);
    if (pending.size < batchSize) continue;
    removed += await settleBatch(deps, folder, pending, cutoff);
    pending = new Map();
    await pauseBetweenBatches(signal);
  }
  if (pending.size > 0 && !signal?.aborted) {
    removed += await settleBatch(deps, folder, pending, cutoff);
  }
  return removed;
}
