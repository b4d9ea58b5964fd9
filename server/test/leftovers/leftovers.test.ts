import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Product } from '../../src/modules/products/product.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { createRecipe } from '../support/db-factories.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const call = (method: string, url: string, token?: string, payload?: object) =>
    contract.inject(server.app, {
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const karim = {
    name: 'Karim Traders',
    email: 'Orders@Karim.example.com',
    mobile: '+8801555000000',
  };

  describe('customers', () => {
    it('creates, lists by name, updates and deletes for an Admin', async () => {
      const created = await call('POST', '/api/create-customer', world.admin.token, karim);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ ...karim, email: 'orders@karim.example.com' });
      const { id } = created.json() as { id: number };
      await server
        .caller(world.admin.token)
        .leftovers.customers.create({ ...karim, name: 'Abul Stores' });
      const list = await call('GET', '/api/list-customer', world.admin.token);
      expect(list.json().map((c: { name: string }) => c.name)).toEqual([
        'Abul Stores',
        'Karim Traders',
      ]);
      const updated = await call('POST', '/api/update-customer', world.admin.token, {
        id,
        ...karim,
        mobile: '017',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toBe(1);
      const listed = await call('GET', '/api/list-customer', world.admin.token);
      expect(listed.json().find((c: { id: number }) => c.id === id).mobile).toBe('017');
      const deleted = await call('POST', '/api/delete-customer', world.admin.token, { id });
      expect([deleted.statusCode, deleted.json()]).toEqual([200, 1]);
      expect(
        (await call('POST', '/api/delete-customer', world.admin.token, { id })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/api/update-customer', world.admin.token, { id, ...karim }))
          .statusCode,
      ).toBe(404);
    });

    it('takes the id as numeric text, as form-based clients send it, and answers 1', async () => {
      const { id } = (
        await call('POST', '/api/create-customer', world.admin.token, karim)
      ).json() as { id: number };
      const updated = await call('POST', '/api/update-customer', world.admin.token, {
        ...karim,
        id: String(id),
        name: 'Karim & Sons',
      });
      expect([updated.statusCode, updated.json()]).toEqual([200, 1]);
      const list = await call('GET', '/api/list-customer', world.admin.token);
      expect(list.json().map((c: { name: string }) => c.name)).toContain('Karim & Sons');
      for (const bad of ['0', '007', '1.5', ' 1', 'x', '99999999999']) {
        const refused = await call('POST', '/api/delete-customer', world.admin.token, { id: bad });
        expect(refused.statusCode, bad).toBe(400);
      }
      const deleted = await call('POST', '/api/delete-customer', world.admin.token, {
        id: String(id),
      });
      expect([deleted.statusCode, deleted.json()]).toEqual([200, 1]);
      const gone = await call('POST', '/api/delete-customer', world.admin.token, {
        id: String(id),
      });
      expect(gone.statusCode).toBe(404);
    });

    it('validates the fields', async () => {
      const response = await call('POST', '/api/create-customer', world.admin.token, {
        name: ' ',
        email: 'nope',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'mobile', 'name']);
      expect(
        (await call('POST', '/api/delete-customer', world.admin.token, { id: 'x' })).statusCode,
      ).toBe(400);
    });

    it('lets every logged-in member read the list, and no anonymous caller', async () => {
      await call('POST', '/api/create-customer', world.admin.token, karim);
      const adminList = (await call('GET', '/api/list-customer', world.admin.token)).json();
      expect(adminList).toHaveLength(1);
      for (const member of [world.user, world.chef]) {
        const listed = await call('GET', '/api/list-customer', member.token);
        expect([listed.statusCode, listed.json()]).toEqual([200, adminList]);
        expect(await server.caller(member.token).leftovers.customers.list()).toEqual(adminList);
      }
      expect((await call('GET', '/api/list-customer')).statusCode).toBe(401);
      await expect(server.caller().leftovers.customers.list()).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    });

    it('keeps create, update and delete Admin-only, changing nothing for others', async () => {
      const { id } = (
        await call('POST', '/api/create-customer', world.admin.token, karim)
      ).json() as { id: number };
      const before = (await call('GET', '/api/list-customer', world.admin.token)).json();
      const changed = { id, ...karim, name: 'Taken Over' };
      for (const member of [world.user, world.chef]) {
        const refused = [
          await call('POST', '/api/create-customer', member.token, karim),
          await call('POST', '/api/update-customer', member.token, changed),
          await call('POST', '/api/delete-customer', member.token, { id }),
        ];
        expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403]);
        const caller = server.caller(member.token).leftovers.customers;
        // One call at a time: a rejection must be awaited before the next call starts.
        for (const attempt of [
          () => caller.create(karim),
          () => caller.update(changed),
          () => caller.delete({ id }),
        ]) {
          await expect(attempt()).rejects.toMatchObject({ code: 'FORBIDDEN' });
        }
      }
      expect((await call('POST', '/api/create-customer', undefined, karim)).statusCode).toBe(401);
      expect((await call('GET', '/api/list-customer', world.admin.token)).json()).toEqual(before);
    });
  });

  describe('GET /api/list-product', () => {
    it('lists products by name with numeric prices, for every logged-in member', async () => {
      const em = orm().em.fork();
      em.create(Product, { name: 'Basmati Rice 5 kg', price: '12.50', image: null });
      em.create(Product, { name: 'Atta 2 kg', price: '3.05', image: '/media/products/atta.webp' });
      await em.flush();
      const response = await call('GET', '/api/list-product', world.admin.token);
      expect(response.statusCode).toBe(200);
      expect(
        response.json().map((p: { name: string; price: number }) => [p.name, p.price]),
      ).toEqual([
        ['Atta 2 kg', 3.05],
        ['Basmati Rice 5 kg', 12.5],
      ]);
      expect(await server.caller(world.admin.token).leftovers.products.list()).toEqual(
        response.json(),
      );
      for (const member of [world.user, world.chef]) {
        const listed = await call('GET', '/api/list-product', member.token);
        expect([listed.statusCode, listed.json()]).toEqual([200, response.json()]);
        expect(await server.caller(member.token).leftovers.products.list()).toEqual(
          response.json(),
        );
      }
      expect((await call('GET', '/api/list-product')).statusCode).toBe(401);
      await expect(server.caller().leftovers.products.list()).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    });
  });

  describe('GET /api/recipes/by-user/{email}/', () => {
    it("lists one user's recipes for an Admin, with emails", async () => {
      const body = {
        title: 'Dal',
        ingredients: 'lentils',
        instructions: 'Boil.',
        category_ids: [world.categories[0]!.id],
      };
      await call('POST', '/api/recipes/lists/', world.chef.token, body);
      await call('POST', '/api/recipes/lists/', world.chef.token, { ...body, title: 'Dal 2' });
      await call('POST', '/api/recipes/lists/', world.user.token, { ...body, title: 'Other' });
      const email = world.chef.user.email.toUpperCase();
      const response = await call('GET', `/api/recipes/by-user/${email}/`, world.admin.token);
      expect(response.statusCode).toBe(200);
      const page = response.json() as {
        count: number;
        next: string | null;
        previous: string | null;
        results: {
          status: string;
          message: string;
          data: { title: string; user: { email?: string } }[];
        };
      };
      expect([page.count, page.next, page.previous]).toEqual([2, null, null]);
      const result = page.results;
      expect(result.status).toBe('success');
      expect(result.message).toBe(`Recipes of ${world.chef.user.email}`);
      expect(result.data.map((r) => r.title).sort()).toEqual(['Dal', 'Dal 2']);
      expect(result.data[0]!.user.email).toBe(world.chef.user.email);
      expect(await server.caller(world.admin.token).recipes.byUser({ email })).toEqual(page);
    });

    it('pages 10 at a time, newest first, with links like the recipe list', async () => {
      const em = orm().em.fork();
      const author = await em.findOneOrFail(User, world.chef.user.id);
      for (let i = 0; i < 23; i++) await createRecipe(em, author);
      const email = world.chef.user.email;
      const url = (page: number | string) => `/api/recipes/by-user/${email}/?page=${page}`;
      const first = (await call('GET', url(1), world.admin.token)).json();
      const second = (await call('GET', url(2), world.admin.token)).json();
      const third = (await call('GET', url(3), world.admin.token)).json();
      expect(first.count).toBe(23);
      expect(first.results.data).toHaveLength(10);
      expect(third.results.data).toHaveLength(3);
      expect(first.previous).toBeNull();
      expect(first.next).toBe(`/api/recipes/by-user/${encodeURIComponent(email)}/?page=2`);
      expect(second.previous).toContain('page=1');
      expect(third.next).toBeNull();
      const ids = [first, second, third].flatMap((p) =>
        p.results.data.map((r: { id: number }) => r.id),
      );
      expect(new Set(ids).size).toBe(23);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(await server.caller(world.admin.token).recipes.byUser({ email, page: 3 })).toEqual(
        third,
      );
      expect((await call('GET', url(4), world.admin.token)).statusCode).toBe(404);
      expect((await call('GET', url(0), world.admin.token)).statusCode).toBe(400);
      expect((await call('GET', url('x'), world.admin.token)).statusCode).toBe(400);
    });

    it('answers page 1 with no recipes for a user who has shared none', async () => {
      const response = await call(
        'GET',
        `/api/recipes/by-user/${world.user.user.email}/`,
        world.admin.token,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ count: 0, next: null, previous: null });
      expect(response.json().results.data).toEqual([]);
    });

    it('answers 404 for an unknown user, 400 for a malformed email, 403 to others', async () => {
      expect(
        (await call('GET', '/api/recipes/by-user/nobody@example.com/', world.admin.token))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', '/api/recipes/by-user/not-an-email/', world.admin.token)).statusCode,
      ).toBe(400);
      expect(
        (await call('GET', `/api/recipes/by-user/${world.chef.user.email}/`, world.chef.token))
          .statusCode,
      ).toBe(403);
    });
  });
});
