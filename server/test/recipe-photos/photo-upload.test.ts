import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PhotoUpload } from '../../src/modules/recipe-photos/photo-upload.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';
import { photoFixture, photoForm, pngBomb, sidewaysJpegWithExif } from './photo-fixtures.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const TYPE_ERROR = 'Upload a JPEG, PNG, WebP or AVIF image.';

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
    await rm(path.join(server.config.mediaDir, 'recipes'), { recursive: true, force: true });
  });

  const upload = (form: ReturnType<typeof photoForm>, token: string | null = world.chef.token) =>
    contract.inject(server.app, {
      method: 'POST',
      url: '/api/recipes/photos/',
      payload: form.payload,
      headers: { ...form.headers, ...(token ? bearer(token) : {}) },
    });
  const storedFiles = async () =>
    (await readdir(path.join(server.config.mediaDir, 'recipes')).catch(() => [])).sort();
  const uploadRows = () => orm().em.fork().count(PhotoUpload, {});

  describe('POST /api/recipes/photos/', () => {
    it('stores AVIF and WebP at 320, 640 and 1280 px, upright, without metadata, with a ThumbHash', async () => {
      const response = await upload(photoForm(await photoFixture(1600, 1200)));
      expect(response.statusCode, response.body).toBe(201);
      const photo = response.json();
      expect(photo).toMatchObject({ width: 1280, height: 960 });
      expect(photo.src).toBe(`/media/recipes/${photo.id}-1280.webp`);
      expect(Buffer.from(photo.placeholder, 'base64').length).toBeGreaterThan(10);
      expect(photo.sources).toEqual([
        {
          type: 'image/avif',
          srcset: [320, 640, 1280]
            .map((w) => `/media/recipes/${photo.id}-${w}.avif ${w}w`)
            .join(', '),
        },
        {
          type: 'image/webp',
          srcset: [320, 640, 1280]
            .map((w) => `/media/recipes/${photo.id}-${w}.webp ${w}w`)
            .join(', '),
        },
      ]);
      expect(await storedFiles()).toHaveLength(6); // no temporary file left behind
      const served = await server.app.inject({
        method: 'GET',
        url: `/media/recipes/${photo.id}-640.avif`,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const avif = await sharp(served.rawPayload).metadata();
      expect(avif).toMatchObject({ format: 'heif', compression: 'av1', width: 640, height: 480 });
      expect(await uploadRows()).toBe(1);
    });

    it('turns a sideways photo upright and drops its EXIF (camera, GPS)', async () => {
      const response = await upload(photoForm(await sidewaysJpegWithExif()));
      expect(response.statusCode, response.body).toBe(201);
      const photo = response.json();
      expect(photo).toMatchObject({ width: 320, height: 427 }); // 600 x 800 once upright
      const file = path.join(server.config.mediaDir, 'recipes', `${photo.id}-320.webp`);
      const metadata = await sharp(file).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.height).toBeGreaterThan(metadata.width);
    });

    it('never stores a photo wider than it came', async () => {
      const response = await upload(
        photoForm(await photoFixture(800, 600, 'webp'), 'photo', 'image/webp'),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ width: 640, height: 480 });
      expect(await storedFiles()).toHaveLength(4);
    });

    it.each(['png', 'webp', 'avif'] as const)(
      'accepts %s by its content, whatever it is called',
      async (format) => {
        const response = await upload(
          photoForm(await photoFixture(400, 300, format), 'photo', 'text/plain'),
        );
        expect(response.statusCode, response.body).toBe(201);
      },
    );

    it.each([
      ['a GIF', async () => photoFixture(400, 300, 'gif')],
      ['text called a JPEG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      [
        'an SVG',
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
      ],
      ['a truncated JPEG', async () => (await photoFixture(400, 300)).subarray(0, 200)],
    ])('refuses %s with 400 and keeps nothing', async (_name, bytes) => {
      const response = await upload(photoForm(await bytes()));
      expect(response.statusCode, response.body).toBe(400);
      const messages = response.json().errors.photo;
      expect([
        [TYPE_ERROR],
        ['The image could not be read. Please upload another one.'],
      ]).toContainEqual(messages);
      expect(await storedFiles()).toEqual([]);
      expect(await uploadRows()).toBe(0);
    });

    it('refuses a decompression bomb from its header, in milliseconds', async () => {
      const bomb = await pngBomb();
      const started = performance.now();
      const response = await upload(photoForm(bomb, 'photo', 'image/png'));
      const took = performance.now() - started;
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.photo).toEqual([
        'The image is too large: at most 40 megapixels.',
      ]);
      expect(took).toBeLessThan(250); // measured about 10 ms
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a panorama more than 4 times as wide as tall', async () => {
      const response = await upload(photoForm(await photoFixture(2000, 400)));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.photo).toEqual([
        'The image must be at most 4 times as tall as it is wide.',
      ]);
    });

    it('answers 413 for a file over 10 MB, before or while reading it', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
      const response = await upload(photoForm(big));
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json().errors.photo).toEqual(['The image must be at most 10 MB.']);
      expect(await storedFiles()).toEqual([]);
    });

    it('answers 400 without a file, and for a JSON body', async () => {
      const noFile = await upload(photoForm(await photoFixture(40, 30), 'picture'));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().errors.photo).toEqual(['Choose a photo to upload.']);
      const json = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/photos/',
        headers: bearer(world.chef.token),
        payload: { photo: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().errors.photo).toEqual([
        'Send the photo as multipart/form-data, in the field "photo".',
      ]);
    });

    it('answers 401 to an anonymous caller and stores nothing', async () => {
      const response = await upload(photoForm(await photoFixture(400, 300)), null);
      expect(response.statusCode).toBe(401);
      expect(await storedFiles()).toEqual([]);
    });
  });
});
