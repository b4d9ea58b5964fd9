import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admit, admitAsync } from '../auth/access.js';
import { loginClientOf } from '../auth/device-cookie.js';
import { clearPageCookie } from '../auth/page-cookie.js';
import type { AnyUseCase, CallMeta, RestRequest } from '../auth/use-case.js';
import { accountErrorAnswer } from './account-envelope.js';

type Deps = Parameters<AnyUseCase['run']>[0];

/**
 * The REST face of declared use cases (auth/use-case.ts): one route per declaration (and per
 * path it is also at), its checks in the declared order with the input read at its place
 * (`admit`), then the handler; 201 and 200 send the answer, 204 sends nothing.
 */
export function useCaseRoutes(useCases: readonly AnyUseCase[]) {
  return async function routes(app: FastifyInstance, deps: Deps) {
    // Multipart bodies are parsed only in the scope of a module that reads a form; each form
    // passes its own limits to `request.parts`.
    if (useCases.some((useCase) => useCase.rest.readForm)) await app.register(multipart);
    for (const useCase of useCases) {
      const { method, path, alsoAt = [], errors } = useCase.rest;
      const handler = useCaseHandler(useCase, deps);
      for (const url of [path, ...alsoAt]) {
        app.route({
          method,
          url,
          ...(useCase.token && { config: { bearer: useCase.token } }),
          ...(errors === 'account-envelope' && { errorHandler: accountErrorAnswer }),
          handler,
        });
      }
    }
  };
}

function useCaseHandler(useCase: AnyUseCase, deps: Deps) {
  const { status = 200, read, readForm, answer, headers = {} } = useCase.rest;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input = readForm
      ? await admitForm(useCase, request, reply, readForm)
      : admit(useCase.access, request.viewer, () => read(restRequest(request)));
    const output = await useCase.run(deps, request.viewer, input, callMeta(request, reply, deps));
    reply.headers(headers);
    if (status === 204) return reply.status(204).send();
    return reply.status(status).send(answer ? answer(output) : output);
  };
}

/** The checks and a form read as it arrives, in the declared order. */
async function admitForm(
  useCase: AnyUseCase,
  request: FastifyRequest,
  reply: FastifyReply,
  readForm: (request: FastifyRequest) => Promise<unknown>,
) {
  try {
    return await admitAsync(useCase.access, request.viewer, () => readForm(request));
  } catch (error) {
    // Refused before the body was read to its end (a 401 before the form, a form too large):
    // close the connection after the answer rather than read (and discard) the rest of what the
    // client is still sending.
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw error;
  }
}

function restRequest(request: FastifyRequest): RestRequest {
  return {
    params: request.params as RestRequest['params'],
    query: request.query,
    body: request.body,
  };
}

/**
 * REST's client hooks: the device token is also handed over in a header (a client on another
 * origin cannot read Set-Cookie), and REST logins get no page cookie.
 */
function callMeta(request: FastifyRequest, reply: FastifyReply, deps: Deps): CallMeta {
  return {
    ip: request.ip,
    loginClient: () => loginClientOf(request, reply, deps.config, { tokenHeader: true }),
    clearPageCookie: () => clearPageCookie(reply, deps.config),
  };
}
