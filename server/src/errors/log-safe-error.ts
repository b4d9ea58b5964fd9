import { VALUE_PROPERTIES, withoutQuotedValues } from './statement-errors.js';

/**
 * The log's `err` serializer (pino's standard fields: type, message, stack, the error's own
 * primitive properties, and its causes), with a statement's values kept out.
 *
 * Our connections already strip values from a failed statement's error (db/bound-parameters.ts);
 * this is the second line for errors raised elsewhere (a commit, the pool, a future code path) and
 * for wrappers that copy a database error's message, such as tRPC's INTERNAL_SERVER_ERROR: when an
 * error or one of its causes comes from the database, every message in the chain loses its quoted
 * values and no property that drivers use for values is written.
 */
export function serializeErrorForLog(error: Error): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  return serialize(error, chainHasDatabaseError(error), new Set());
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const MAX_CAUSES = 5;

function isDatabaseError(error: Error): boolean {
  const fields = error as unknown as Record<string, unknown>;
  return (
    'sql' in fields ||
    'sqlState' in fields ||
    'sqlMessage' in fields ||
    typeof fields.errno === 'number' ||
    (typeof fields.code === 'string' && fields.code.startsWith('SQLITE_')) ||
    // MikroORM's DriverException family (UniqueConstraintViolationException, ...).
    error.name.endsWith('Exception')
  );
}

function chainHasDatabaseError(error: Error): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth <= MAX_CAUSES; depth++) {
    if (isDatabaseError(current)) return true;
    current = current.cause;
  }
  return false;
}

function serialize(error: Error, scrub: boolean, seen: Set<Error>): SerializedError {
  seen.add(error);
  const clean = (text: string) => (scrub ? withoutQuotedValues(text) : text);
  const out: SerializedError = {
    type: error.constructor.name,
    message: clean(error.message),
    stack: clean(error.stack ?? ''),
  };
  // Codes, errno, SQL state, status: the primitives. Objects (an entity a MikroORM error holds, a
  // request) are left out rather than risk their contents.
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || VALUE_PROPERTIES.includes(key)) continue;
    if (typeof value === 'string') out[key] = clean(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (error.cause instanceof Error && !seen.has(error.cause) && seen.size <= MAX_CAUSES) {
    out.cause = serialize(error.cause, scrub, seen);
  }
  return out;
}
