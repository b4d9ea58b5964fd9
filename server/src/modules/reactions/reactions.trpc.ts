import { reactionInput, recipeFilterInput } from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  LIST_REACTIONS_ACCESS,
  TOGGLE_REACTION_ACCESS,
  listReactions,
  toggleReaction,
} from './reactions.js';

/** recipes.react and recipes.reactions (assembled under `recipes` in _app.ts). */
export const reactionProcedures = {
  react: accessProcedure(
    TOGGLE_REACTION_ACCESS,
    z.object({ id: idSchema('Id') }).extend(reactionInput.shape),
    { validationMessage: VALIDATION_DETAIL },
  ).mutation(({ ctx, input }) =>
    toggleReaction(ctx.deps, ctx.viewer, input.id, { reaction_type: input.reaction_type }),
  ),
  reactions: accessProcedure(LIST_REACTIONS_ACCESS, recipeFilterInput).query(({ ctx, input }) =>
    listReactions(ctx.deps, input.recipe),
  ),
};
