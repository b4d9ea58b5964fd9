import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPhotoInput } from '../../src/modules/recipe-photos/attach-photo.js';
import { PhotoUpload } from '../../src/modules/recipe-photos/photo-upload.entity.js';
import {
  deleteUnattachedUploads,
  findStaleUploads,
  PHOTO_SWEEP_GRACE_MS,
  sweepPhotos,
} from '../../src/modules/recipe-photos/photo-sweep.js';
import { startPhotoSweep } from '../../src/modules/recipe-photos/photo-sweep-schedule.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';
import { photoFixture, photoForm } from './photo-fixtures.js';

const HOUR = 60 * 60 * 1000;
const NOT_FOUND = 'That photo was not found. Please upload it again.';

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  const folder = () => path.join(server.config.mediaDir, 'recipes');
  beforeEach(async () => {
    world = await recipeWorld(orm());
    await rm(folder(), { recursive: true, force: true });
  });

  /** A real upload (400 px wide: stored at 320 px, two files). */
  const upload = async () => {
    const form = photoForm(await photoFixture(400, 300));
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/recipes/photos/',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(world.chef.token) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const createRecipe = async (overrides: Record<string, unknown> = {}) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/recipes/lists/',
      headers: bearer(world.chef.token),
      payload: recipeBody(
        world.categories.map((c) => c.id),
        overrides,
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; photo: { id: string } | null };
  };
  const photoOf = async (recipeId: number) =>
    (await orm().em.fork().findOneOrFail(Recipe, recipeId)).photoKey;
  const backdateUpload = (key: string, createdAt: Date) =>
    orm().em.fork().nativeUpdate(PhotoUpload, { key }, { createdAt });
  const uploadExists = async (key: string) =>
    (await orm().em.fork().count(PhotoUpload, { key })) === 1;
  const filesOf = async (key: string) =>
    (await readdir(folder()).catch(() => [])).filter((name) => name.includes(key)).sort();
  /** Files as storePhotoFiles names them, written `age` ago. */
  const writeFiles = async (names: string[], age: number) => {
    await mkdir(folder(), { recursive: true });
    const time = new Date(Date.now() - age);
    for (const name of names) {
      await writeFile(path.join(folder(), name), 'not really a photo');
      await utimes(path.join(folder(), name), time, time);
    }
  };
  const ageFiles = async (key: string, age: number) => {
    const time = new Date(Date.now() - age);
    for (const name of await filesOf(key)) await utimes(path.join(folder(), name), time, time);
  };
  const randomKey = () => crypto.randomUUID().replaceAll('-', '');
  const deps = () => ({ orm: orm(), config: server.config });
  const later = () => new Date(Date.now() + PHOTO_SWEEP_GRACE_MS + HOUR);

  describe('sweepPhotos: unattached uploads', () => {
    it('deletes an upload left unattached past the grace period with its files, and keeps a younger one', async () => {
      const abandoned = await upload();
      const fresh = await upload();
      await backdateUpload(abandoned, new Date(Date.now() - PHOTO_SWEEP_GRACE_MS - HOUR));
      expect(await filesOf(abandoned)).toHaveLength(2);

      expect(await sweepPhotos(deps())).toEqual({ uploads: 1, orphanFiles: 0 });
      expect(await uploadExists(abandoned)).toBe(false);
      expect(await filesOf(abandoned)).toEqual([]);
      expect(await uploadExists(fresh)).toBe(true);
      expect(await filesOf(fresh)).toHaveLength(2);
      // It can no longer be attached: a clear 400, not a recipe without its files.
      const attach = await server.app.inject({
        method: 'POST',
        url: '/api/recipes/lists/',
        headers: bearer(world.chef.token),
        payload: recipeBody([world.categories[0]!.id], { photo: abandoned }),
      });
      expect(attach.statusCode).toBe(400);
      expect(attach.json().errors.photo).toEqual([NOT_FOUND]);
    });

    it('keeps an attached photo and its files, however old', async () => {
      const recipe = await createRecipe({ photo: await upload() });
      const key = recipe.photo!.id;
      await ageFiles(key, 30 * 24 * HOUR);
      expect(await sweepPhotos(deps(), { now: later() })).toEqual({ uploads: 0, orphanFiles: 0 });
      expect(await photoOf(recipe.id)).toBe(key);
      expect(await filesOf(key)).toHaveLength(2);
    });
  });

  describe('sweepPhotos: orphan files', () => {
    it('deletes old files nothing names, and keeps young ones, foreign names and named keys', async () => {
      const orphan = randomKey();
      const young = randomKey();
      const pending = await upload(); // its row is young, its files old: still attachable
      await ageFiles(pending, 2 * 24 * HOUR);
      const attached = (await createRecipe({ photo: await upload() })).photo!.id;
      await ageFiles(attached, 2 * 24 * HOUR);
      const old = PHOTO_SWEEP_GRACE_MS + HOUR;
      await writeFiles(
        [`${orphan}-320.avif`, `${orphan}-320.webp`, `.${orphan}-640.webp.partial`],
        old,
      );
      await writeFiles([`${young}-320.avif`, `.${young}-320.webp.partial`], HOUR);
      await writeFiles(['README.txt', `${orphan}.jpg`, `${orphan.toUpperCase()}-320.webp`], old);

      expect(await sweepPhotos(deps())).toEqual({ uploads: 0, orphanFiles: 3 });
      expect(await filesOf(orphan)).toEqual([`${orphan}.jpg`]);
      expect(await filesOf(young)).toHaveLength(2);
      expect(await filesOf(pending)).toHaveLength(2);
      expect(await filesOf(attached)).toHaveLength(2);
      expect((await readdir(folder())).sort()).toEqual(
        expect.arrayContaining(['README.txt', `${orphan.toUpperCase()}-320.webp`]),
      );
    });

    it('answers nothing to do when no photo was ever stored', async () => {
      expect(await sweepPhotos(deps())).toEqual({ uploads: 0, orphanFiles: 0 });
    });
  });

  it('works through more than one batch of uploads and of files', async () => {
    const em = orm().em.fork();
    const stale = Array.from({ length: 5 }, randomKey);
    for (const key of stale) {
      em.create(PhotoUpload, {
        key,
        owner: em.getReference(User, world.chef.user.id),
        width: 320,
        height: 240,
        placeholder: 'x',
      });
    }
    await em.flush();
    for (const key of stale) await backdateUpload(key, new Date(Date.now() - 2 * 24 * HOUR));
    await writeFiles(
      stale.flatMap((key) => [`${key}-320.avif`, `${key}-320.webp`]),
      2 * 24 * HOUR,
    );
    const orphans = Array.from({ length: 5 }, randomKey);
    await writeFiles(
      orphans.map((key) => `${key}-320.webp`),
      2 * 24 * HOUR,
    );

    expect(await sweepPhotos(deps(), { batchSize: 2 })).toEqual({ uploads: 5, orphanFiles: 5 });
    expect(await readdir(folder())).toEqual([]);
    expect(await orm().em.fork().count(PhotoUpload, {})).toBe(0);
  });

  describe('never races an attach', () => {
    it('an attach committed between the sweep reading a candidate and deleting it keeps its photo and files', async () => {
      const key = await upload();
      const cutoff = new Date(Date.now() + HOUR); // the fresh upload is a candidate
      const candidates = await findStaleUploads(orm(), cutoff, 10);
      expect(candidates.map((candidate) => candidate.key)).toEqual([key]);

      const recipe = await createRecipe({ photo: key });
      expect(await deleteUnattachedUploads(orm(), candidates, cutoff)).toEqual([]);
      expect(await photoOf(recipe.id)).toBe(key);
      expect(await filesOf(key)).toHaveLength(2);
    });

    it('a sweep running while an attach holds its uncommitted claim leaves the photo attached with its files', async () => {
      const key = await upload();
      const recipe = await createRecipe({ img: null });
      let sweeping: Promise<unknown> | undefined;
      await orm()
        .em.fork()
        .transactional(async (tx) => {
          const row = await tx.findOneOrFail(Recipe, recipe.id);
          await applyPhotoInput(
            tx,
            row,
            { photo: key, img: null },
            { ownerId: world.chef.user.id, publicUrl: server.config.publicUrl },
          );
          // Every upload and file is past the grace period for this sweep. MySQL: it reads the
          // row (the claim is not committed) and its delete waits for the row lock; SQLite: it
          // waits for the one write connection.
          sweeping = sweepPhotos(deps(), { now: later() });
          await sleep(300);
        });
      expect(await sweeping).toEqual({ uploads: 0, orphanFiles: 0 });
      expect(await photoOf(recipe.id)).toBe(key);
      expect(await filesOf(key)).toHaveLength(2);
    });

    it('an upload swept first is refused to a later attach (400), which changes nothing', async () => {
      const key = await upload();
      const recipe = await createRecipe();
      expect(await sweepPhotos(deps(), { now: later() })).toEqual({ uploads: 1, orphanFiles: 0 });
      const attach = await server.app.inject({
        method: 'PUT',
        url: `/api/recipes/lists/${recipe.id}/`,
        headers: bearer(world.chef.token),
        payload: recipeBody([world.categories[0]!.id], { photo: key, title: 'Changed' }),
      });
      expect(attach.statusCode).toBe(400);
      expect(attach.json().errors.photo).toEqual([NOT_FOUND]);
      expect(await photoOf(recipe.id)).toBeNull();
      expect(await filesOf(key)).toEqual([]);
    });
  });

  describe('startPhotoSweep', () => {
    it('sweeps shortly after start and then on its interval, logs what it deleted, and stops', async () => {
      const logged: unknown[] = [];
      const log = { info: (report: unknown) => logged.push(report), warn() {}, error() {} };
      const first = await upload();
      await backdateUpload(first, new Date(Date.now() - 2 * 24 * HOUR));
      const schedule = startPhotoSweep({ ...deps(), log }, { firstRunMs: 10, intervalMs: 50 });
      try {
        // A run logs once it has ended (files included).
        await expect.poll(() => logged.length, { timeout: 5000 }).toBe(1);
        expect(await uploadExists(first)).toBe(false);
        const second = await upload();
        await backdateUpload(second, new Date(Date.now() - 2 * 24 * HOUR));
        await expect.poll(() => logged.length, { timeout: 5000 }).toBe(2);
        expect(await uploadExists(second)).toBe(false);
        expect(logged).toEqual([
          { uploads: 1, orphanFiles: 0 },
          { uploads: 1, orphanFiles: 0 },
        ]);
      } finally {
        await schedule.stop();
      }
      const third = await upload();
      await backdateUpload(third, new Date(Date.now() - 2 * 24 * HOUR));
      await sleep(200);
      expect(await uploadExists(third)).toBe(true);
    });
  });
});
