import { z } from 'zod';
import { REACTION_TYPES } from '../enums.js';
import { BAD_RATING, COMMENT_EMPTY } from '../messages.js';
import { atMost } from '../text-rules.js';
import { idSchema, text } from './fields.js';

/* What members send about a recipe: reviews, comments and reactions. */

const ratingField = z
  .number({ error: BAD_RATING })
  .int(BAD_RATING)
  .min(1, BAD_RATING)
  .max(5, BAD_RATING);
const reviewText = () => text('Review text', 'multiple');
const bodyField = reviewText()
  .trim()
  .refine(atMost(2000), 'Review text must be at most 2000 characters.')
  .nullish()
  .transform((value) => (value ? value : null));

export const reviewInput = z.object({
  recipe: idSchema('Recipe'),
  body: bodyField,
  rating: ratingField,
});
export type ReviewInput = z.output<typeof reviewInput>;

export const reviewUpdateInput = z
  .object({
    body: reviewText()
      .trim()
      .refine(atMost(2000), 'Review text must be at most 2000 characters.')
      .nullable()
      .optional(),
    rating: ratingField.optional(),
  })
  .refine((value) => value.body !== undefined || value.rating !== undefined, {
    message: 'Give a rating or a review text to change.',
  });
export type ReviewUpdateInput = z.output<typeof reviewUpdateInput>;

export const commentInput = z.object({
  content: text('Comment', 'multiple', COMMENT_EMPTY)
    .trim()
    .min(1, COMMENT_EMPTY)
    .refine(atMost(2000), 'Comment must be at most 2000 characters.'),
});
export type CommentInput = z.output<typeof commentInput>;

export const reactionInput = z.object({
  reaction_type: z.enum(REACTION_TYPES, { error: 'Reaction type must be LIKE, LOVE, WOW or SAD.' }),
});
export type ReactionInput = z.output<typeof reactionInput>;

/** `?recipe=` of the reaction and review lists: text on REST, a number on tRPC. */
export const recipeFilterInput = z.object({
  recipe: z.preprocess(
    (value) =>
      typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value,
    z
      .number({ error: 'Recipe must be a positive whole number.' })
      .int('Recipe must be a positive whole number.')
      .min(1, 'Recipe must be a positive whole number.')
      .max(2_147_483_647, 'Recipe must be a positive whole number.'),
  ),
});
