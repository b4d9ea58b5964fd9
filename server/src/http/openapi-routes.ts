import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { parse } from 'yaml';

/** The contract is the YAML in openapi/; it is served as written, never regenerated from routes. */
export async function loadOpenApiDocument(): Promise<Record<string, unknown>> {
  const file = fileURLToPath(import.meta.resolve('@recipehub/openapi/document'));
  return parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

export async function registerOpenApiRoutes(app: FastifyInstance) {
  const document = await loadOpenApiDocument();

  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return document;
  });

  // Static mode: @fastify/swagger serves our document as is; swagger-ui ships its assets in the
  // package, so the reference page needs no network.
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, tryItOutEnabled: true },
    staticCSP: true,
  });
}
