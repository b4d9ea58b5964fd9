import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { FieldErrors } from '@recipehub/openapi/field-errors';

/** RFC 9457 problem details, the error body of every non-account REST call. */
export interface Problem {
  type: string;
  /** "Bad Request" and the like; a 400's `title` field errors when a field is named so. */
  title: string | string[];
  status: number;
  detail: string;
  errors?: FieldErrors;
  /** A 400's field errors again, each under its field's name (see topLevelFieldErrors). */
  [field: string]: unknown;
}

/** Problem members a field's messages may never replace (`title` it may: see below). */
const RESERVED_MEMBERS = new Set(['type', 'status', 'detail', 'instance', 'errors']);

/**
 * A 400's field errors as RFC 9457 extension members, each field's messages under its own name,
 * because clients written for the original API read them there ("Failed to create recipe:
 * {joined field errors}", the review form's `body`/`rating`). A recipe's `title` field takes the
 * place of the problem's title: RFC 9457 consumers ignore a member of the wrong type, and those
 * clients need the list. Documented as `ValidationProblem` in openapi/.
 */
function topLevelFieldErrors(errors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !RESERVED_MEMBERS.has(field)),
  );
}

export function problem(status: number, detail: string, errors?: FieldErrors): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
    ...(errors && status === 400 ? topLevelFieldErrors(errors) : {}),
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
