import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { FieldErrors } from '../errors/app-error.js';

/** RFC 9457 problem details, the error body of every non-account REST call. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldErrors;
}

export function problem(status: number, detail: string, errors?: FieldErrors): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  errors?: FieldErrors,
) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send(problem(status, detail, errors));
}
