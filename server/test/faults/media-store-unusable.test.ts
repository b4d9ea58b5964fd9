import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_UNWRITABLE } from '../../src/modules/accounts/profile-image.js';
import { PHOTO_STORE_MESSAGES } from '../../src/modules/recipe-photos/upload-photo.js';
import { PhotoUpload } from '../../src/modules/recipe-photos/photo-upload.entity.js';
import { MEDIA_STORE_RETRY_AFTER_SECONDS } from '../../src/modules/shared/media-store-error.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  bearer,
  createAccount,
  loginToken,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { canMount } from '../support/can-mount.js';
import { multipartForm } from '../support/multipart-form.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';
import { photoFixture, photoForm } from '../recipe-photos/photo-fixtures.js';

/**
 * Uploads onto a media store (MEDIA_DIR) that cannot take a file, as a broken mount or a bad
 * deployment leaves it: a store folder replaced by a plain file or by a dangling link, MEDIA_DIR
 * itself a plain file, a read-only mount. A profile picture and a recipe photo both answer 503
 * with Retry-After and a clear message (never "Something went wrong on our side"), and nothing
 * changes: the profile keeps its name and picture, no upload row is kept. Once the store is
 * repaired, uploads work again. The read-only case mounts, which needs root; without it that one
 * is skipped and says so in its name.
 */
const mountPermitted = canMount();

let contract: OpenApiContract;
let picture: Buffer;
beforeAll(async () => {
  contract = await OpenApiContract.load();
  picture = await photoFixture(400, 300);
});

type Breakage = (mediaDir: string, storeFolder: string) => void;

/** Puts `make(place)` where the store's folder was (the profile's first picture made it). */
const replaceFolder =
  (make: (place: string) => void): Breakage =>
  (mediaDir, storeFolder) => {
    const place = path.join(mediaDir, storeFolder);
    rmSync(place, { recursive: true, force: true });
    make(place);
  };

const BREAKAGES: [string, Breakage][] = [
  [
    'its folder replaced by a plain file',
    replaceFolder((place) => writeFileSync(place, 'not a folder')),
  ],
  [
    'its folder a link to a volume that is not there',
    replaceFolder((place) => symlinkSync('/nonexistent/recipehub-volume', place)),
  ],
  [
    'MEDIA_DIR replaced by a plain file',
    (mediaDir) => {
      rmSync(mediaDir, { recursive: true });
      writeFileSync(mediaDir, 'not a folder');
    },
  ],
];

forEachDatabase(({ orm, db }) => {
  let root: string;
  let mediaDir: string;
  let server: AccountServer;
  let token: string;
  let oldImage: string;
  const unmount: string[] = [];
  const warnings: { fields: unknown; message: unknown }[] = [];
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'recipehub-broken-media-'));
    mediaDir = path.join(root, 'media');
    server = await startAccountServer(db(), {
      config: { mediaDir },
      log: {
        info() {},
        warn(fields: unknown, message?: unknown) {
          warnings.push({ fields, message });
        },
        error() {},
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const target of unmount.splice(0)) execFileSync('umount', [target]);
    if (root) rmSync(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    for (const target of unmount.splice(0)) execFileSync('umount', [target]);
    rmSync(mediaDir, { recursive: true, force: true });
    mkdirSync(mediaDir);
    await clearTables(orm());
    await createAccount(orm().em.fork(), { email: 'nadia@example.com' });
    token = await loginToken(server.app, 'nadia@example.com');
    const first = await updateProfile('Nadia');
    expect(first.statusCode, first.body).toBe(200);
    oldImage = first.json().data.profile.image as string;
    warnings.length = 0;
  });

  const updateProfile = (firstName: string) => {
    const form = multipartForm(
      { firstName },
      { name: 'me.jpg', bytes: picture, type: 'image/jpeg' },
    );
    return contract.inject(server.app, {
      method: 'PUT',
      url: '/api/accounts/profile/update/',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
  };
  const uploadPhoto = () => {
    const form = photoForm(picture);
    return contract.inject(server.app, {
      method: 'POST',
      url: '/api/recipes/photos/',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
  };

  async function expectAvatarRefused() {
    const response = await updateProfile('Changed');
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ status: 'error', message: PROFILE_IMAGE_UNWRITABLE });
    // Nothing changed, not even the name sent along with the picture.
    const em = orm().em.fork();
    const user = await em.findOneOrFail(User, { email: 'nadia@example.com' });
    expect(user.firstName).toBe('Nadia');
    expect((await em.findOneOrFail(Profile, { user })).image).toBe(oldImage);
    expectFaultLogged();
  }

  /** The operator learns what the client is not told: which folder failed, and how. */
  function expectFaultLogged() {
    const warning = warnings.pop();
    expect(warning?.message).toBe('media store refused a file (answered 503)');
    const { err } = warning?.fields as { err: NodeJS.ErrnoException };
    expect(err.code).toMatch(/^E[A-Z]+$/);
    expect(err.path).toContain(mediaDir);
  }

  async function expectPhotoRefused() {
    const response = await uploadPhoto();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
    expect(response.json()).toMatchObject({
      status: 503,
      detail: PHOTO_STORE_MESSAGES.unavailable,
    });
    expect(await orm().em.fork().count(PhotoUpload, {})).toBe(0);
    expectFaultLogged();
  }

  /** The store repaired as an operator would: an empty, writable MEDIA_DIR. */
  async function expectWorkingAfterRepair() {
    rmSync(mediaDir, { recursive: true, force: true });
    mkdirSync(mediaDir);
    expect((await updateProfile('Changed')).statusCode).toBe(200);
    expect((await uploadPhoto()).statusCode).toBe(201);
  }

  describe.each(BREAKAGES)('a media store with %s', (_name, breakStore) => {
    it('answers an avatar upload (PUT /api/accounts/profile/update/) with 503 and Retry-After, changing nothing', async () => {
      breakStore(mediaDir, 'profiles');
      await expectAvatarRefused();
      await expectWorkingAfterRepair();
    });

    it('answers a recipe photo upload (POST /api/recipes/photos/) with 503 and Retry-After, keeping nothing', async () => {
      breakStore(mediaDir, 'recipes');
      await expectPhotoRefused();
      await expectWorkingAfterRepair();
    });
  });

  it.skipIf(!mountPermitted)(
    'a read-only media store answers both uploads with 503 and Retry-After, changing nothing (skipped where mount is not permitted)',
    async () => {
      // The same folder seen through a read-only bind mount: a real EROFS for every write.
      execFileSync('mount', ['--bind', mediaDir, mediaDir]);
      unmount.push(mediaDir);
      execFileSync('mount', ['-o', 'remount,bind,ro', mediaDir]);
      await expectAvatarRefused();
      await expectPhotoRefused();
      for (const target of unmount.splice(0)) execFileSync('umount', [target]);
      await expectWorkingAfterRepair();
    },
  );
});
