import {
  recipeFilterInput,
  reviewInput,
  reviewUpdateInput,
} from '@recipehub/openapi/schemas/engagement';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import {
  CREATE_REVIEW_ACCESS,
  DELETE_REVIEW_ACCESS,
  LIST_REVIEWS_ACCESS,
  UPDATE_REVIEW_ACCESS,
  createReview,
  deleteReview,
  listReviews,
  updateReview,
} from './reviews.js';

type IdParams = { Params: { id: string } };
const reviewId = (params: { id: string }) => parseIdText(params.id, 'id', 'Review id');

/** The review calls of the REST façade; access is each use case's declaration. */
export async function reviewsRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/recipes/reviews/', async (request) => {
    const { recipe } = admit(LIST_REVIEWS_ACCESS, request.viewer, () =>
      parseInput(recipeFilterInput, request.query, 'The request is not valid.'),
    );
    return listReviews(deps, request.viewer, recipe);
  });
  app.post('/api/recipes/reviews/', async (request, reply) => {
    const input = admit(CREATE_REVIEW_ACCESS, request.viewer, () =>
      parseInput(reviewInput, request.body, VALIDATION_DETAIL),
    );
    return reply.status(201).send(await createReview(deps, request.viewer, input));
  });
  app.put<IdParams>('/api/recipes/reviews/:id/', async (request) => {
    const { id, input } = admit(UPDATE_REVIEW_ACCESS, request.viewer, () => ({
      id: reviewId(request.params),
      input: parseInput(reviewUpdateInput, request.body, VALIDATION_DETAIL),
    }));
    return updateReview(deps, request.viewer, id, input);
  });
  app.delete<IdParams>('/api/recipes/reviews/:id/', async (request, reply) => {
    const id = admit(DELETE_REVIEW_ACCESS, request.viewer, () => reviewId(request.params));
    await deleteReview(deps, request.viewer, id);
    return reply.status(204).send();
  });
}
