import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/core';
import { isDatabaseReachable } from '../db/open-database.js';

export function registerHealthRoutes(app: FastifyInstance, orm: MikroORM) {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: healthSchema,
          503: healthSchema,
        },
      },
    },
    async (_request, reply) => {
      const up = await isDatabaseReachable(orm);
      reply.header('cache-control', 'no-store');
      return up
        ? reply.status(200).send({ status: 'ok', database: 'up' })
        : reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}

const healthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'database'],
  properties: { status: { type: 'string' }, database: { type: 'string' } },
} as const;
