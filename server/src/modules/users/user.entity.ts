import { USER_ROLES, type UserRole } from '@recipehub/openapi/enums';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { provisionalHandle } from './handle.js';

/**
 * Emails are compared case-insensitively everywhere (login, register, admin look-ups). Storing them
 * normalised and putting a plain unique index on the column makes that hold in the database itself,
 * on SQLite (case-sensitive by default) as much as on MySQL.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const User = defineEntity({
  name: 'User',
  tableName: 'user',
  properties: {
    id: p.integer().primary(),
    email: p.string().length(254).unique(),
    firstName: p.string().length(150),
    lastName: p.string().length(150),
    // The public name in URLs and reports (handle.ts); registration picks a free one.
    // Rows made without one (seeds, tools, tests) still get a unique one. On SQLite the column
    // keeps the handles migration's '' default (dropping it means rebuilding the table), which
    // no row keeps: the schema diff is told to ignore it.
    handle: p
      .string()
      .length(30)
      .unique()
      .ignoreSchemaChanges('default')
      .onCreate((user) => user.handle ?? provisionalHandle(user.firstName, user.lastName)),
    mobile: p.string().length(32).nullable(),
    // Hidden: never part of a serialised user, so a careless `toObject()` cannot leak it.
    passwordHash: p.string().length(255).hidden(),
    // Defaulted on create, not by a column default: MikroORM 6 mishandles quoted enum defaults on
    // MySQL (it emits `default User` unquoted, or reports a perpetual schema difference).
    role: p
      .enum([...USER_ROLES])
      .onCreate((): UserRole => 'User')
      .index(),
    emailVerifiedAt: p.datetime(3).nullable(),
    createdAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .index(),
  },
  hooks: {
    // Normalising in the entity (not only in the services) means no code path can store a mixed-case
    // duplicate that the unique index would then miss.
    beforeCreate: [
      ({ entity }) => {
        entity.email = normaliseEmail(entity.email);
      },
    ],
    beforeUpdate: [
      ({ entity }) => {
        entity.email = normaliseEmail(entity.email);
      },
    ],
  },
});

export type User = InferEntity<typeof User>;
