import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../users/user.entity.js';
import { Category } from './category.entity.js';
import { LongTextType } from '../../../db/long-text-type.js';

/**
 * The counters are denormalised so the list and trending reads never aggregate the reaction,
 * save, comment and review tables per request (issue 4 measures those reads on 100,000 recipes).
 * They are kept right by `refreshRecipeCounters` in recipe.repository.ts.
 */
export const Recipe = defineEntity({
  name: 'Recipe',
  tableName: 'recipe',
  properties: {
    id: p.integer().primary(),
    title: p.string().length(255),
    img: p.string().length(2048).nullable(),
    ingredients: p.text(),
    // 20,000 characters of up to 4 bytes each: more than MySQL's TEXT holds.
    instructions: p.type(LongTextType),
    // Optional (issue 16): how many servings the amounts make (1-100, checked by recipeInput), and
    // the page an imported recipe came from. Null on recipes written before they existed.
    servings: p.smallint().nullable(),
    sourceUrl: p.string().length(2048).nullable(),
    // An uploaded photo (issue 15): the key naming its files under MEDIA_DIR/recipes/, its largest
    // stored size and its ThumbHash (base64). Null for no photo or an image elsewhere (`img`).
    photoKey: p.string().length(32).nullable(),
    photoWidth: p.smallint().nullable(),
    photoHeight: p.smallint().nullable(),
    photoPlaceholder: p.string().length(64).nullable(),
    // Recipes outlive their author and are then shown as "Anonymous".
    author: p.manyToOne(User).ref().nullable().deleteRule('set null'),
    // The pivot is named by string: importing it here would make an import cycle.
    categories: p.manyToMany(Category).pivotEntity('RecipeCategory').owner(),
    // Indexed through (createdAt, id) below.
    createdAt: p.datetime(3).onCreate(() => new Date()),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    // Hidden by a moderator or by reports (issue 30): null while visible. A hidden recipe is read
    // only by its author and Admins (visibility.ts); the list triggers treat hiding like a delete.
    hiddenAt: p.datetime(3).nullable(),
    hiddenReason: p.string().length(500).nullable(),
    reactionCount: p.integer().default(0),
    saveCount: p.integer().default(0),
    commentCount: p.integer().default(0),
    reviewCount: p.integer().default(0),
    ratingSum: p.integer().default(0),
    // The recipe's category names, space-separated, so the full-text index can match them with
    // the text: written only by database triggers (see the fulltext_search migrations), never by
    // the app: lazy, so entities never load it, and empty on create until the pivot rows arrive
    // (null once a recipe has no category left).
    categoryNames: p
      .text()
      .lazy(true, false)
      .onCreate(() => '')
      .nullable(),
    // The recipe's category ids, ascending, joined by commas ('' for none): its category set, for
    // the list counts (category-set.entity.ts). Written only by database triggers (see the
    // list_counts migrations), like categoryNames; null reads as ''.
    categoryKey: p
      .string()
      .length(255)
      .lazy(true, false)
      .onCreate(() => '')
      .nullable(),
  },
  indexes: [
    // Newest first with the id as tie-break: the default list order, of the visible recipes (the
    // `hidden_at is null` prefix; hidden ones leave the list like deleted ones, see visibility.ts).
    {
      name: 'recipe_visible_created_at_id_index',
      properties: ['hiddenAt', 'createdAt', 'id'],
    },
    // Trending: most reactions first, then newest.
    { name: 'recipe_reaction_count_created_at_index', properties: ['reactionCount', 'createdAt'] },
    // "My recipes", newest first.
    { name: 'recipe_author_created_at_index', properties: ['author', 'createdAt'] },
    // Search has its own tables, without entities (search-tables.ts).
  ],
  uniques: [
    // A photo belongs to one recipe at most, and the photo sweep asks "is this key in use?" by
    // key (photo-sweep.ts) without scanning every recipe.
    { name: 'recipe_photo_key_unique', properties: ['photoKey'] },
  ],
});

export type Recipe = InferEntity<typeof Recipe>;
