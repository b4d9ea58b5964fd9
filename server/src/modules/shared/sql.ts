import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { parseInput } from '../../errors/field-errors.js';

/** `?, ?, ?` for an `in (...)` list. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * A raw datetime column as a Date: SQLite (libsql) returns epoch milliseconds, MySQL/MariaDB a
 * `YYYY-MM-DD HH:MM:SS.mmm` string in UTC (forceUtcTimezone), and hydrated entities a Date.
 */
export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return new Date(Number(value));
  return new Date(`${String(value).replace(' ', 'T')}Z`);
}

export const toIso = (value: unknown) => toDate(value).toISOString();

/**
 * The `keep` highest ids of a comma-separated list (GROUP_CONCAT), highest first: its order is
 * not guaranteed by either database, so it is sorted here (1,001 ids: about 50 µs).
 */
export function highestIds(list: unknown, keep: number): number[] {
  if (list === null || list === undefined || String(list) === '') return [];
  return String(list)
    .split(',')
    .map(Number)
    .sort((a, b) => b - a)
    .slice(0, keep);
}

/** Counts come back as numbers on SQLite and as numbers or strings (bigint) on MySQL. */
export const toInt = (value: unknown) => Number(value ?? 0);

/**
 * Built once per (key, label): a zod schema costs far more to construct than to run, and these
 * parse a path id on every detail, save and reaction request.
 */
const idTextSchemas = new Map<string, z.ZodType<Record<string, number>>>();

function idTextSchema(key: string, label: string) {
  const cacheKey = `${key}\u0000${label}`;
  let schema = idTextSchemas.get(cacheKey);
  if (!schema) {
    schema = z.object({
      [key]: z
        .string({ error: `${label} is required.` })
        .regex(/^[1-9][0-9]{0,9}$/, `${label} must be a positive whole number.`)
        .transform(Number)
        .pipe(idSchema(label)),
    }) as unknown as z.ZodType<Record<string, number>>;
    idTextSchemas.set(cacheKey, schema);
  }
  return schema;
}

/** A path or query id as REST sends it (text): a positive whole number, or 400. */
export function parseIdText(value: unknown, key: string, label: string): number {
  return parseInput(idTextSchema(key, label), { [key]: value }, 'The request is not valid.')[
    key
  ] as number;
}

export const VALIDATION_DETAIL = 'Please fix the highlighted fields.';

export function notFound(detail: string): AppError {
  return new AppError('NOT_FOUND', detail);
}
