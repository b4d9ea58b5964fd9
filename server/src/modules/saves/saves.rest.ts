import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { parseIdText } from '../shared/sql.js';
import { TOGGLE_SAVE_ACCESS, toggleSave } from './save-toggle.js';

/** POST /api/recipes/lists/{id}/save/: the REST face of toggleSave. */
export async function savesRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post<{ Params: { id: string } }>('/api/recipes/lists/:id/save/', async (request) => {
    const id = admit(TOGGLE_SAVE_ACCESS, request.viewer, () =>
      parseIdText(request.params.id, 'id', 'Recipe id'),
    );
    return toggleSave(deps, request.viewer, id);
  });
}
