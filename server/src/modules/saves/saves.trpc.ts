import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { TOGGLE_SAVE_ACCESS, toggleSave } from './save-toggle.js';

/** recipes.save: the tRPC face of toggleSave (assembled under `recipes` in _app.ts). */
export const saveProcedures = {
  save: accessProcedure(TOGGLE_SAVE_ACCESS, z.object({ id: idSchema('Id') })).mutation(
    ({ ctx, input }) => toggleSave(ctx.deps, ctx.viewer, input.id),
  ),
};
