import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admit } from '../auth/access.js';
import type { AnyUseCase, RestRequest } from '../auth/use-case.js';

/**
 * The REST face of declared use cases (auth/use-case.ts): one route per declaration, its checks
 * in the declared order with the input read at its place (`admit`), then the handler; 201 and 200
 * send the answer, 204 sends nothing.
 */
export function useCaseRoutes(useCases: readonly AnyUseCase[]) {
  return async function routes(app: FastifyInstance, deps: Parameters<AnyUseCase['run']>[0]) {
    for (const useCase of useCases) {
      const { method, path, status = 200, read, answer, headers = {} } = useCase.rest;
      app.route({
        method,
        url: path,
        handler: async (request, reply) => {
          const input = admit(useCase.access, request.viewer, () => read(restRequest(request)));
          const output = await useCase.run(deps, request.viewer, input, { ip: request.ip });
          reply.headers(headers);
          if (status === 204) return reply.status(204).send();
          return reply.status(status).send(answer ? answer(output) : output);
        },
      });
    }
  };
}

function restRequest(request: FastifyRequest): RestRequest {
  return {
    params: request.params as RestRequest['params'],
    query: request.query,
    body: request.body,
  };
}
