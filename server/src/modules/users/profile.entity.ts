import { PROFILE_SEXES, type ProfileSex } from '@recipehub/openapi/enums';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity.js';

/**
 * The profile owns the 1:1 (the foreign key lives here) so a user row stays small for the hot
 * authentication look-up, and deleting the user removes the profile in the database.
 */
export const Profile = defineEntity({
  name: 'Profile',
  tableName: 'profile',
  properties: {
    id: p.integer().primary(),
    user: p.oneToOne(User).owner().ref().unique().deleteRule('cascade'),
    image: p.string().length(512).nullable(),
    age: p.integer().nullable(),
    // Empty values are set on create rather than as column defaults: TEXT cannot carry a literal
    // default on MySQL 8, and MikroORM 6 compares empty-string defaults inconsistently across
    // MySQL and MariaDB (a perpetual schema difference).
    portfolio: p
      .string()
      .length(2048)
      .onCreate(() => ''),
    sex: p.enum([...PROFILE_SEXES]).onCreate((): ProfileSex => ''),
    bio: p.text().onCreate(() => ''),
    facebook: p
      .string()
      .length(2048)
      .onCreate(() => ''),
  },
});

export type Profile = InferEntity<typeof Profile>;
