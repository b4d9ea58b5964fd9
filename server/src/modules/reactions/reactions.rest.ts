import { reactionInput, recipeFilterInput } from '@recipehub/openapi/schemas/engagement';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import {
  LIST_REACTIONS_ACCESS,
  TOGGLE_REACTION_ACCESS,
  listReactions,
  toggleReaction,
} from './reactions.js';

/** The reaction calls of the REST façade: toggle one (like/) and list a recipe's. */
export async function reactionsRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post<{ Params: { id: string } }>('/api/recipes/lists/:id/like/', async (request) => {
    const { id, input } = admit(TOGGLE_REACTION_ACCESS, request.viewer, () => ({
      id: parseIdText(request.params.id, 'id', 'Recipe id'),
      input: parseInput(reactionInput, request.body, VALIDATION_DETAIL),
    }));
    return toggleReaction(deps, request.viewer, id, input);
  });
  app.get('/api/recipes/reactions/', async (request) => {
    const { recipe } = admit(LIST_REACTIONS_ACCESS, request.viewer, () =>
      parseInput(recipeFilterInput, request.query, 'The request is not valid.'),
    );
    return listReactions(deps, recipe);
  });
}
