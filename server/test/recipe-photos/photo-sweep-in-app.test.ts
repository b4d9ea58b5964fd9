import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PHOTO_SWEEP_GRACE_MS } from '../../src/modules/recipe-photos/photo-sweep.js';
import {
  FIRST_SWEEP_DELAY_MS,
  SWEEP_INTERVAL_MS,
} from '../../src/modules/recipe-photos/photo-sweep-schedule.js';
import { buildTestApp } from '../support/build-test-app.js';
import { forEachDatabase } from '../support/test-database.js';

const HOUR = 60 * 60 * 1000;

/*
 * buildApp itself schedules the photo sweep (app.ts, startPhotoSweep on ready): proven by its
 * effect, an old file that no upload or recipe names leaving the app's media folder, on a clock
 * of vitest's fake timers. Only setTimeout and clearTimeout are faked, so Date (the files' age),
 * setImmediate and the databases' own I/O stay real; nothing else keeps a timeout pending while
 * the clock jumps (no request is under way), and the sweep's short pause between batches is
 * stepped through by `untilSwept`.
 */
forEachDatabase(({ db }) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    vi.useRealTimers();
  });

  const realTurn = () => new Promise((resolve) => setImmediate(resolve));
  /** A file named like a stored photo (photo-store.ts) that nothing names, past the grace period. */
  const writeOrphan = async (folder: string) => {
    const name = `${crypto.randomUUID().replaceAll('-', '')}-320.webp`;
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, name), 'not really a photo');
    const old = new Date(Date.now() - PHOTO_SWEEP_GRACE_MS - HOUR);
    await utimes(path.join(folder, name), old, old);
    return name;
  };
  const present = async (folder: string, name: string) => (await readdir(folder)).includes(name);
  /** Lets a sweep that has started run to its end: real I/O, and its 20 ms pauses on the fake clock. */
  const untilSwept = async (folder: string, name: string) => {
    for (let step = 0; step < 500 && (await present(folder, name)); step += 1) {
      await realTurn();
      await vi.advanceTimersByTimeAsync(20);
    }
    return present(folder, name);
  };

  describe('buildApp', () => {
    it('sweeps unnamed photo files a minute after it is ready, then every hour', async () => {
      const mediaDir = mkdtempSync(path.join(tmpdir(), 'recipehub-sweep-'));
      const folder = path.join(mediaDir, 'recipes');
      const first = await writeOrphan(folder);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      app = await buildTestApp(db(), { mediaDir });

      await vi.advanceTimersByTimeAsync(FIRST_SWEEP_DELAY_MS - 1000);
      for (let turn = 0; turn < 20; turn += 1) await realTurn();
      expect(await present(folder, first)).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await untilSwept(folder, first)).toBe(false);

      const second = await writeOrphan(folder);
      await vi.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS - 1000);
      for (let turn = 0; turn < 20; turn += 1) await realTurn();
      expect(await present(folder, second)).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await untilSwept(folder, second)).toBe(false);
    });
  });
});
