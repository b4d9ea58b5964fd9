import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type Member, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';
import { photoFixture, photoForm } from './photo-fixtures.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const NOT_FOUND = 'That photo was not found. Please upload it again.';
const EXTERNAL = 'https://images.example.com/other.jpg';

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
    await rm(path.join(server.config.mediaDir, 'recipes'), { recursive: true, force: true });
  });

  const call = (method: string, url: string, token: string, payload?: object) =>
    contract.inject(server.app, {
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const upload = async (who: Member = world.chef) => {
    const form = photoForm(await photoFixture(1400, 1000));
    const response = await contract.inject(server.app, {
      method: 'POST',
      url: '/api/recipes/photos/',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(who.token) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; src: string };
  };
  const body = (overrides: Record<string, unknown> = {}) =>
    recipeBody(
      world.categories.map((c) => c.id),
      overrides,
    );
  const filesOf = async (key: string) =>
    (await readdir(path.join(server.config.mediaDir, 'recipes')).catch(() => [])).filter((name) =>
      name.startsWith(key),
    );
  const imgOf = (key: string) =>
    `${server.config.publicUrl.replace(/\/$/, '')}/media/recipes/${key}-1280.webp`;

  describe('POST /api/recipes/lists/ with photo', () => {
    it('attaches the upload: photo in every size, img its own absolute URL, on list and detail', async () => {
      const photo = await upload();
      const created = await call(
        'POST',
        '/api/recipes/lists/',
        world.chef.token,
        body({ photo: photo.id }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ img: imgOf(photo.id), photo });
      const detail = await call(
        'GET',
        `/api/recipes/lists/${created.json().id}/`,
        world.user.token,
      );
      expect(detail.json().photo).toEqual(photo);
      const list = await call('GET', '/api/recipes/lists/', world.user.token);
      expect(list.json().results[0].photo).toEqual(photo);
    });

    it("refuses an unknown, used or someone else's upload with 400 and creates nothing", async () => {
      const mine = await upload();
      const theirs = await upload(world.other);
      for (const id of ['0'.repeat(32), theirs.id, 'not-a-key']) {
        const response = await call(
          'POST',
          '/api/recipes/lists/',
          world.chef.token,
          body({ photo: id }),
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().errors.photo).toEqual([NOT_FOUND]);
      }
      expect(
        (await call('POST', '/api/recipes/lists/', world.chef.token, body({ photo: mine.id })))
          .statusCode,
      ).toBe(201);
      const again = await call(
        'POST',
        '/api/recipes/lists/',
        world.chef.token,
        body({ photo: mine.id }),
      );
      expect(again.json().errors.photo).toEqual([NOT_FOUND]);
      const list = await call('GET', '/api/recipes/lists/', world.user.token);
      expect(list.json().count).toBe(1);
    });
  });

  describe('PUT /api/recipes/lists/{id}/', () => {
    it('keeps the photo for an old client sending img back, replaces it by another img and deletes its files', async () => {
      const photo = await upload();
      const created = (
        await call('POST', '/api/recipes/lists/', world.chef.token, body({ photo: photo.id }))
      ).json();
      const url = `/api/recipes/lists/${created.id}/`;
      const sameId = await call('PUT', url, world.chef.token, body({ photo: photo.id, img: null }));
      expect(sameId.json()).toMatchObject({ photo, img: imgOf(photo.id) });
      const kept = await call(
        'PUT',
        url,
        world.chef.token,
        body({ img: created.img, title: 'Renamed' }),
      );
      expect(kept.json()).toMatchObject({ title: 'Renamed', photo, img: imgOf(photo.id) });
      expect(await filesOf(photo.id)).toHaveLength(6);

      const replaced = await call('PUT', url, world.chef.token, body({ img: EXTERNAL }));
      expect(replaced.json()).toMatchObject({ img: EXTERNAL, photo: null });
      expect(await filesOf(photo.id)).toEqual([]);
    });

    it('replaces one photo by another, and photo null removes it (img null for its own URL)', async () => {
      const first = await upload();
      const second = await upload();
      const created = (
        await call('POST', '/api/recipes/lists/', world.chef.token, body({ photo: first.id }))
      ).json();
      const url = `/api/recipes/lists/${created.id}/`;
      const swapped = await call('PUT', url, world.chef.token, body({ photo: second.id }));
      expect(swapped.json()).toMatchObject({ photo: second, img: imgOf(second.id) });
      expect(await filesOf(first.id)).toEqual([]);
      const removed = await call(
        'PUT',
        url,
        world.chef.token,
        body({ photo: null, img: swapped.json().img }),
      );
      expect(removed.json()).toMatchObject({ photo: null, img: null });
      expect(await filesOf(second.id)).toEqual([]);
    });

    it('changes nothing when the photo is refused', async () => {
      const photo = await upload();
      const created = (
        await call('POST', '/api/recipes/lists/', world.chef.token, body({ photo: photo.id }))
      ).json();
      const refused = await call(
        'PUT',
        `/api/recipes/lists/${created.id}/`,
        world.chef.token,
        body({ photo: 'f'.repeat(32), title: 'Changed' }),
      );
      expect(refused.statusCode).toBe(400);
      const detail = await call('GET', `/api/recipes/lists/${created.id}/`, world.chef.token);
      expect(detail.json()).toMatchObject({ title: created.title, photo });
      expect(await filesOf(photo.id)).toHaveLength(6);
    });
  });

  describe('DELETE /api/recipes/lists/{id}/', () => {
    it('deletes the photo files with the recipe', async () => {
      const photo = await upload();
      const created = (
        await call('POST', '/api/recipes/lists/', world.chef.token, body({ photo: photo.id }))
      ).json();
      expect(
        (await call('DELETE', `/api/recipes/lists/${created.id}/`, world.chef.token)).statusCode,
      ).toBe(204);
      expect(await filesOf(photo.id)).toEqual([]);
    });
  });

  describe('tRPC recipes.create / recipes.update with photo', () => {
    it('behave as REST: attached, answered the same, refused with the same field error', async () => {
      const photo = await upload();
      const caller = server.caller(world.chef.token);
      const created = await caller.recipes.create({ ...body(), photo: photo.id });
      expect(created).toMatchObject({ photo, img: imgOf(photo.id) });
      const detail = await call('GET', `/api/recipes/lists/${created.id}/`, world.chef.token);
      expect(detail.json()).toEqual(created);

      const other = await caller.recipes.create(body());
      const error = await caller.recipes
        .update({ id: other.id, recipe: { ...body(), photo: photo.id } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).cause).toMatchObject({ fieldErrors: { photo: [NOT_FOUND] } });
      const removed = await caller.recipes.update({
        id: created.id,
        recipe: { ...body({ img: null }), photo: null },
      });
      expect(removed).toMatchObject({ photo: null, img: null });
      expect(await filesOf(photo.id)).toEqual([]);
    });
  });
});
