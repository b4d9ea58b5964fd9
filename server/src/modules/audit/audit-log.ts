import type { FilterQuery } from '@mikro-orm/core';
import type { AuditAction, AuditTargetType } from '@recipehub/openapi/enums';
import { AUDIT_PAGE_SIZE } from '@recipehub/openapi/limits';
import { auditListInput, type AuditListInput } from '@recipehub/openapi/schemas/audit';
import { adminAccess } from '../../auth/access.js';
import { defineUseCase, fromQuery } from '../../auth/use-case.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound } from '../shared/sql.js';
import { AuditEntry } from './audit-entry.entity.js';

export const AUDIT_PAGE_NOT_FOUND = 'Invalid page.';
const AUDIT_FILTERS_INVALID = 'Please fix the audit log’s filters.';

export interface AuditEntryData {
  id: number;
  actor: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  created: string;
}

export interface AuditPageData {
  count: number;
  next: string | null;
  previous: string | null;
  results: AuditEntryData[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filters as a query on the entries: days are whole UTC days, `to` included. */
function whereOf(input: AuditListInput): FilterQuery<AuditEntry> {
  const createdAt: { $gte?: Date; $lt?: Date } = {};
  if (input.from) createdAt.$gte = new Date(`${input.from}T00:00:00.000Z`);
  if (input.to) createdAt.$lt = new Date(Date.parse(`${input.to}T00:00:00.000Z`) + DAY_MS);
  return {
    ...(input.actor && { actorHandle: input.actor }),
    ...(input.action && { action: input.action }),
    ...(input.target_type && { targetType: input.target_type }),
    ...(input.target_id && { targetId: input.target_id }),
    ...((input.from || input.to) && { createdAt }),
  };
}

/** The same filters on another page, as the list's `next` and `previous` say it. */
function pageUrl(input: AuditListInput, page: number): string {
  const query = new URLSearchParams();
  for (const key of ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const) {
    const value = input[key];
    if (value) query.set(key, value);
  }
  query.set('page', String(page));
  return `/api/moderation/audit/?${query.toString()}`;
}

/** Only this module writes the state columns, always as a JSON object (record-audit.ts). */
const parseState = (text: string | null | undefined) =>
  text ? (JSON.parse(text) as Record<string, unknown>) : null;

function toData(entry: AuditEntry): AuditEntryData {
  return {
    id: entry.id,
    actor: entry.actorHandle,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: parseState(entry.before),
    after: parseState(entry.after),
    reason: entry.reason ?? null,
    created: entry.createdAt.toISOString(),
  };
}

/** One page of the log, newest first (the created index, then the id for ties). */
export async function readAuditPage(
  deps: ServiceDeps,
  input: AuditListInput,
): Promise<AuditPageData> {
  const em = deps.orm.em.fork();
  const where = whereOf(input);
  const count = await em.count(AuditEntry, where);
  const lastPage = Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));
  if (input.page > lastPage) throw notFound(AUDIT_PAGE_NOT_FOUND);
  const entries = await em.find(AuditEntry, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: AUDIT_PAGE_SIZE,
    offset: (input.page - 1) * AUDIT_PAGE_SIZE,
  });
  return {
    count,
    next: input.page < lastPage ? pageUrl(input, input.page + 1) : null,
    previous: input.page > 1 ? pageUrl(input, input.page - 1) : null,
    results: entries.map(toData),
  };
}

/** A query-only Admin call reads its filters first, as `by-user` does (server/README.md). */
export const AUDIT_LOG_ACCESS = adminAccess(['input', 'login', 'role']);

/** `GET /api/moderation/audit/` (`moderation.audit`): the log, filtered and paged (Admin). */
export const listAuditLog = defineUseCase({
  access: AUDIT_LOG_ACCESS,
  input: auditListInput,
  rest: {
    method: 'GET',
    path: '/api/moderation/audit/',
    read: fromQuery(auditListInput, AUDIT_FILTERS_INVALID),
  },
  trpc: { kind: 'query', validationMessage: AUDIT_FILTERS_INVALID },
  handle: (deps, _admin, input) => readAuditPage(deps, input),
});

/** As tRPC names them under `moderation`; REST takes each one's path. */
export const AUDIT_USE_CASES = { audit: listAuditLog };
