import { describe, expect, it } from 'vitest';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { selectRows } from '../../src/db/select-rows.js';
import { User } from '../../src/modules/users/user.entity.js';
import { createRecipe, createUser } from '../support/db-factories.js';
import { forEachDatabase } from '../support/test-database.js';

/** Text that broke or leaked when values were formatted into the SQL text. */
const AWKWARD = `nul 'single' "double" back\\slash ? ?? \\? emoji 😋 é`;

interface KnexQueryEvent {
  sql: string;
  bindings?: unknown[];
}

forEachDatabase(({ orm }) => {
  /** The statements knex hands to the driver (libsql `prepare` + bind, mysql2 `query(sql, values)`). */
  async function recordStatements(run: () => Promise<void>): Promise<KnexQueryEvent[]> {
    const statements: KnexQueryEvent[] = [];
    const knex = orm().em.getConnection().getKnex();
    const listener = (query: KnexQueryEvent) => void statements.push(query);
    knex.on('query', listener);
    try {
      await run();
    } finally {
      knex.off('query', listener);
    }
    return statements;
  }

  describe('bound parameters', () => {
    it('round-trips NUL, quotes, backslashes, question marks and emoji through flush and reads', async () => {
      const em = orm().em.fork();
      const user = await createUser(em);
      const recipe = await createRecipe(em, user);
      let statements = await recordStatements(async () => {
        em.assign(recipe, { title: `title ${AWKWARD}`, ingredients: `line 1\n${AWKWARD}` });
        await em.flush();
      });
      expect(statements.map((statement) => statement.sql).join('\n')).not.toContain('nul');
      expect(statements.flatMap((statement) => statement.bindings ?? [])).toContain(
        `title ${AWKWARD}`,
      );

      const reader = orm().em.fork();
      const found = await reader.findOneOrFail(
        'Recipe',
        { title: `title ${AWKWARD}` },
        { fields: ['title', 'ingredients'] },
      );
      expect(found).toMatchObject({ title: `title ${AWKWARD}`, ingredients: `line 1\n${AWKWARD}` });

      statements = [];
      const rows = await (async () => {
        let result: { title: string }[] = [];
        statements = await recordStatements(async () => {
          result = await selectRows<{ title: string }>(
            reader,
            'select title from recipe where title = ? and id in (?)',
            [`title ${AWKWARD}`, [recipe.id, recipe.id + 1000]],
          );
        });
        return result;
      })();
      expect(rows).toEqual([{ title: `title ${AWKWARD}` }]);
      expect(statements[0]?.sql).not.toContain('nul');
      expect(statements[0]?.bindings).toEqual([`title ${AWKWARD}`, recipe.id, recipe.id + 1000]);

      const updated = await reader.nativeUpdate(
        User,
        { id: user.id },
        { firstName: AWKWARD, lastName: 'Last' },
      );
      expect(updated).toBe(1);
      const [row] = await selectRows<{ first_name: string }>(
        orm().em.fork(),
        'select first_name from `user` where id = ?',
        [user.id],
      );
      expect(row?.first_name).toBe(AWKWARD);
    });

    it('stores a NUL byte whole instead of failing the statement', async () => {
      // libsql hands text back only up to a NUL (the bytes are stored whole), one more reason the
      // input rules refuse control characters; what matters here is that the write cannot break.
      const em = orm().em.fork();
      const recipe = await createRecipe(em, await createUser(em));
      em.assign(recipe, { title: 'a\u0000b' });
      await em.flush();
      const [row] = await selectRows<{ bytes: string }>(
        orm().em.fork(),
        'select hex(title) as bytes from recipe where id = ?',
        [recipe.id],
      );
      expect(row?.bytes).toBe('610062');
    });

    it('keeps values out of a failed statement’s error (message, stack, sql, sqlMessage)', async () => {
      const secret = `secret-${Date.now()}@example.com`;
      await createUser(orm().em.fork(), { email: secret });
      const em = orm().em.fork();
      em.create(Category, { name: `dup ${AWKWARD}` });
      await em.flush();

      const failures: unknown[] = [];
      await createUser(orm().em.fork(), { email: secret }).catch((error: unknown) =>
        failures.push(error),
      );
      await selectRows(orm().em.fork(), 'insert into category (name) values (?)', [
        `dup ${AWKWARD}`,
      ]).catch((error: unknown) => failures.push(error));
      await selectRows(orm().em.fork(), 'select * from no_such_table where name = ?', [
        secret,
      ]).catch((error: unknown) => failures.push(error));

      expect(failures).toHaveLength(3);
      for (const failure of failures) {
        const error = failure as Record<string, unknown>;
        const text = [
          String(error.message),
          String(error.stack),
          String(error.sql ?? ''),
          String(error.sqlMessage ?? ''),
          JSON.stringify(error),
        ].join('\n');
        expect(text).not.toContain(secret);
        expect(text).not.toContain('dup nul');
        expect(text).not.toContain('argon2');
        // The statement itself stays, with its placeholders, to find the fault.
        expect(String(error.message)).toMatch(/insert into|select \*/i);
        expect(String(error.message)).toContain('?');
      }
    });
  });
});
