import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_NO_SPACE } from '../../src/modules/accounts/profile-image.js';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import {
  bearer,
  createAccount,
  loginToken,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';
import { canMount } from '../support/can-mount.js';

/**
 * A profile picture upload that meets a full disk, for real: MEDIA_DIR is a tiny tmpfs filled up
 * to a few KiB, so the re-encoded picture fails part-way with ENOSPC. The answer is 507 with a
 * clear message, nothing is left in the media folder (no temporary or partial file), the profile
 * is unchanged and the old picture is still served. Mounting needs root (CI runs as root); where
 * it is not permitted the test is skipped and says so in its name.
 */
const mountPermitted = canMount();
const MEDIA_SIZE = '512k';
/** Left free: less than any re-encoded picture below, more than nothing (so writing starts). */
const FREE_BYTES = 8 * 1024;

let contract: OpenApiContract;
let oldPicture: Buffer;
let newPicture: Buffer;
beforeAll(async () => {
  contract = await OpenApiContract.load();
  oldPicture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  // Noise does not compress: about 300 KiB as WebP at 512 px, far beyond the free space.
  newPicture = await sharp(randomBytes(600 * 600 * 3), {
    raw: { width: 600, height: 600, channels: 3 },
  })
    .png()
    .toBuffer();
});

/** A multipart/form-data body as a browser sends it. */
function form(fields: Record<string, string>, image: Buffer) {
  const boundary = '----recipehub-disk-full';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profile.image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.skipIf(!mountPermitted)(
  'PUT /api/accounts/profile/update/ on a full disk (skipped where mount is not permitted)',
  () => {
    forEachDatabase(({ orm, db }) => {
      let mediaDir: string;
      let server: AccountServer;
      beforeAll(async () => {
        mediaDir = mkdtempSync(path.join(tmpdir(), 'recipehub-full-media-'));
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${MEDIA_SIZE}`, 'tmpfs', mediaDir]);
        server = await startAccountServer(db(), { config: { mediaDir } });
      });
      afterAll(async () => {
        await server?.close();
        if (mediaDir) {
          execFileSync('umount', [mediaDir]);
          rmSync(mediaDir, { recursive: true, force: true });
        }
      });
      beforeEach(async () => {
        await clearTables(orm());
        rmSync(path.join(mediaDir, 'profiles'), { recursive: true, force: true });
        rmSync(path.join(mediaDir, 'filler'), { force: true });
      });

      const update = (token: string, body: ReturnType<typeof form>) =>
        contract.inject(server.app, {
          method: 'PUT',
          url: '/api/accounts/profile/update/',
          payload: body.payload,
          headers: { ...bearer(token), ...body.headers },
        });

      /** Fills the media filesystem until only `free` bytes are left. */
      function fillDisk(free: number) {
        const { bavail, bsize } = statfsSync(mediaDir);
        writeFileSync(path.join(mediaDir, 'filler'), Buffer.alloc(bavail * bsize - free));
      }

      it('answers 507, leaves no file behind, keeps the profile and serves the old picture; works again once there is room', async () => {
        await createAccount(orm().em.fork(), { email: 'nadia@example.com' });
        const token = await loginToken(server.app, 'nadia@example.com');
        const first = await update(token, form({ firstName: 'Nadia' }, oldPicture));
        expect(first.statusCode).toBe(200);
        const oldImage = first.json().data.profile.image as string;
        const oldName = path.basename(oldImage);

        fillDisk(FREE_BYTES);
        const full = await update(token, form({ firstName: 'Changed' }, newPicture));
        expect(full.statusCode).toBe(507);
        expect(full.json()).toEqual({ status: 'error', message: PROFILE_IMAGE_NO_SPACE });

        // Nothing left behind: only the old picture (and the test's filler) on the disk.
        expect(readdirSync(path.join(mediaDir, 'profiles'))).toEqual([oldName]);
        expect(readdirSync(mediaDir).sort()).toEqual(['filler', 'profiles']);
        // The profile did not change, not even the name sent along with the picture.
        const em = orm().em.fork();
        const user = await em.findOneOrFail(User, { email: 'nadia@example.com' });
        expect(user.firstName).toBe('Nadia');
        expect((await em.findOneOrFail(Profile, { user })).image).toBe(oldImage);
        const served = await server.app.inject({ method: 'GET', url: oldImage });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.length).toBeGreaterThan(0);

        rmSync(path.join(mediaDir, 'filler'));
        const again = await update(token, form({ firstName: 'Changed' }, newPicture));
        expect(again.statusCode).toBe(200);
        const newImage = again.json().data.profile.image as string;
        expect(readdirSync(path.join(mediaDir, 'profiles'))).toEqual([path.basename(newImage)]);
      });
    });
  },
);
