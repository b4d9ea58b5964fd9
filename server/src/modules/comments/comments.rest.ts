import { commentInput } from '@recipehub/openapi/schemas/engagement';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import {
  ADD_COMMENT_ACCESS,
  DELETE_COMMENT_ACCESS,
  addComment,
  deleteComment,
} from './comments.js';

type Params = { Params: { id: string; commentId: string } };
const recipeId = (params: { id: string }) => parseIdText(params.id, 'id', 'Recipe id');

/** The comment calls of the REST façade (comments sit under their recipe's path). */
export async function commentsRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post<Params>('/api/recipes/lists/:id/comments/', async (request, reply) => {
    const { id, input } = admit(ADD_COMMENT_ACCESS, request.viewer, () => ({
      id: recipeId(request.params),
      input: parseInput(commentInput, request.body, VALIDATION_DETAIL),
    }));
    return reply.status(201).send(await addComment(deps, request.viewer, id, input));
  });
  app.delete<Params>('/api/recipes/lists/:id/comments/:commentId/', async (request, reply) => {
    const { id, commentId } = admit(DELETE_COMMENT_ACCESS, request.viewer, () => ({
      id: recipeId(request.params),
      commentId: parseIdText(request.params.commentId, 'commentId', 'Comment id'),
    }));
    await deleteComment(deps, request.viewer, id, commentId);
    return reply.status(204).send();
  });
}
