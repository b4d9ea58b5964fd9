import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../shared/service-deps.js';
import { PHOTO_FORM_LIMITS, readPhotoForm } from './photo-form.js';
import { requireAccess } from '../../auth/access.js';
import { UPLOAD_PHOTO_ACCESS, uploadRecipePhoto } from './upload-photo.js';

/**
 * POST /api/recipes/photos/: the upload the web form and REST clients use (tRPC carries JSON, so
 * both faces attach the answer's `id` through the recipe input's `photo`). 401 before the body
 * is read.
 */
export async function recipePhotoRoutes(app: FastifyInstance, deps: ServiceDeps) {
  await app.register(multipart, { limits: PHOTO_FORM_LIMITS });
  app.post('/api/recipes/photos/', async (request, reply) => {
    const viewer = requireAccess(UPLOAD_PHOTO_ACCESS, request.viewer);
    const bytes = await readPhotoForm(request).catch((error: unknown) => {
      // Refused before the body was read to its end: close rather than read the rest.
      reply.header('connection', 'close');
      throw error;
    });
    return reply.status(201).send(await uploadRecipePhoto(deps, viewer, bytes));
  });
}
