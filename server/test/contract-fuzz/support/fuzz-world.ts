import type { UserRole } from '@recipehub/openapi/enums';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../../src/db/database.js';
import { openSession } from '../../../src/auth/sessions.js';
import type { SessionKind } from '../../../src/auth/session.entity.js';
import { hashPassword } from '../../../src/modules/users/password.js';
import { Profile } from '../../../src/modules/users/profile.entity.js';
import { User } from '../../../src/modules/users/user.entity.js';
import { PASSWORD } from '../../support/account-server.js';
import type { Persona } from './fuzz-requests.js';

/**
 * A small seeded world so generated ids and emails often hit real rows: two personas the requests
 * are sent as (a User and an Admin; the third persona is anonymous), a few other members whose
 * emails the generators reuse, and per operation a fresh batch of categories, recipes, reviews,
 * comments and customers made through the API (so counters and rules stay as the app keeps them).
 */
export class FuzzWorld {
  /** Every id the batches created, of any kind: the generators mix them into `Id` values. */
  readonly ids: number[] = [];
  readonly emails: string[] = [];
  private personas = new Map<Persona, User>();
  private batch = 0;

  private constructor(
    private readonly orm: Orm,
    private readonly app: FastifyInstance,
  ) {}

  static async create(orm: Orm, app: FastifyInstance): Promise<FuzzWorld> {
    const world = new FuzzWorld(orm, app);
    const em = orm.em.fork();
    // One argon2 hash for everyone: the members all have PASSWORD, and hashing costs 40+ ms.
    const passwordHash = await hashPassword(PASSWORD);
    const add = (name: string, role: UserRole, verified = true) => {
      const user = em.create(User, {
        email: `${name}@fuzz.example.com`,
        firstName: name,
        lastName: 'Fuzz',
        mobile: null,
        passwordHash,
        role,
        emailVerifiedAt: verified ? new Date() : null,
      });
      em.create(Profile, { user, image: null, age: null });
      return user;
    };
    world.personas.set('user', add('persona.user', 'User'));
    world.personas.set('admin', add('persona.admin', 'Admin'));
    // Reused by generated emails (path parameters, logins, role updates), never sent as: the
    // personas' own roles must not change under the requests sent as them.
    for (const [name, role, verified] of [
      ['member.chef', 'Chef', true],
      ['member.user', 'User', true],
      ['member.admin', 'Admin', true],
      ['member.unverified', 'User', false],
    ] as const) {
      world.emails.push(add(name, role, verified).email);
    }
    world.emails.push('nobody@fuzz.example.com');
    await em.flush();
    return world;
  }

  /** A fresh token of `kind` for the persona (none for anonymous). */
  async token(persona: Persona, kind: SessionKind = 'login'): Promise<string | undefined> {
    const user = this.personas.get(persona);
    if (!user) return undefined;
    const em = this.orm.em.fork();
    const token = openSession(em, em.getReference(User, user.id), kind);
    await em.flush();
    return token;
  }

  /** Adds categories, recipes, reviews, comments and customers, and remembers their ids. */
  async addBatch(): Promise<void> {
    this.batch++;
    const admin = { authorization: `Bearer ${await this.token('admin')}` };
    const user = { authorization: `Bearer ${await this.token('user')}` };
    const post = async (url: string, headers: Record<string, string>, payload: object) => {
      const response = await this.app.inject({ method: 'POST', url, headers, payload });
      if (response.statusCode >= 300)
        throw new Error(`world: POST ${url} ${response.statusCode} ${response.body}`);
      const id = (response.json() as { id?: number; data?: { id: number } }).id;
      if (typeof id === 'number') this.ids.push(id);
      return id;
    };
    const categories: number[] = [];
    for (const name of ['Curry', 'Dessert', 'Seafood']) {
      const id = await post('/api/recipes/categories/', admin, { name: `${name} ${this.batch}` });
      if (id) categories.push(id);
    }
    const recipes: number[] = [];
    for (const [index, headers] of [user, user, admin, admin].entries()) {
      const id = await post('/api/recipes/lists/', headers, {
        title: `Batch ${this.batch} recipe ${index}`,
        ingredients: '1 kg chicken\n3 onions',
        instructions: 'Fry the onions.\nAdd the chicken.',
        category_ids: categories.slice(0, 1 + (index % 3)),
      });
      if (id) recipes.push(id);
    }
    const [first = 0, second = 0, third = 0] = recipes;
    await post('/api/recipes/reviews/', user, { recipe: third, rating: 4, body: 'Good.' });
    await post('/api/recipes/reviews/', admin, { recipe: first, rating: 5 });
    await post(`/api/recipes/lists/${first}/comments/`, user, { content: 'Lovely.' });
    await post(`/api/recipes/lists/${third}/comments/`, admin, { content: 'Thanks!' });
    await post(`/api/recipes/lists/${second}/like/`, admin, { reaction_type: 'LOVE' });
    for (const index of [1, 2]) {
      await post('/api/create-customer', admin, {
        name: `Customer ${this.batch}.${index}`,
        email: `customer${this.batch}.${index}@fuzz.example.com`,
        mobile: '+8801555000000',
      });
    }
  }

  /**
   * Every table's rows, to prove that refused requests changed nothing. Session use times are
   * left out: refreshing them is the sliding expiry, not a change the request asked for.
   */
  async snapshot(): Promise<string> {
    const connection = this.orm.em.getConnection();
    const tables = Object.values(this.orm.getMetadata().getAll())
      .filter((meta) => !meta.embeddable && !meta.virtual && meta.tableName)
      .map((meta) => meta.tableName)
      .sort();
    const parts: string[] = [];
    for (const table of [...new Set(tables)]) {
      const rows = await connection.execute<Record<string, unknown>[]>(
        `select * from \`${table}\``,
      );
      const kept = rows.map((row) => {
        const copy = { ...row };
        if (table === 'session') {
          delete copy.last_used_at;
          delete copy.expires_at;
        }
        return copy;
      });
      kept.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      parts.push(`${table}: ${JSON.stringify(kept)}`);
    }
    return parts.join('\n');
  }
}
