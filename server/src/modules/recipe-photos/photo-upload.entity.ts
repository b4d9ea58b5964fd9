import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A photo uploaded but not yet attached to a recipe: who may attach it (only its uploader, once),
 * and what the recipe copies when it does. The row is deleted when attached.
 */
export const PhotoUpload = defineEntity({
  name: 'PhotoUpload',
  tableName: 'photo_upload',
  properties: {
    key: p.string().length(32).primary(),
    owner: p.manyToOne(User).ref().deleteRule('cascade'),
    width: p.smallint(),
    height: p.smallint(),
    placeholder: p.string().length(64),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  indexes: [{ name: 'photo_upload_created_at_index', properties: ['createdAt'] }],
});

export type PhotoUpload = InferEntity<typeof PhotoUpload>;
