import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@recipehub/openapi/enums';
import { AUDIT_PAGE_SIZE } from '@recipehub/openapi/limits';
import { AuditLog, NO_FILTERS, type AuditLogFilters } from '@recipehub/ui/audit-log';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorStatus, firstFieldError, serverMessage } from '../../lib/trpc-errors';
import './admin.css';

const LOAD_FAILED = 'Failed to load the audit log. Please try again later.';
const FIELDS = Object.keys(NO_FILTERS) as (keyof AuditLogFilters)[];

/** The filters and page live in the address, so a filtered view can be shared and reloaded. */
function readQuery(query: URLSearchParams): { filters: AuditLogFilters; page: number } {
  const filters = { ...NO_FILTERS };
  for (const field of FIELDS) filters[field] = query.get(field) ?? '';
  const page = Number(query.get('page') ?? '1');
  return { filters, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

function writeQuery(filters: AuditLogFilters, page: number): URLSearchParams {
  const query = new URLSearchParams();
  for (const field of FIELDS) if (filters[field]) query.set(field, filters[field]);
  if (page > 1) query.set('page', String(page));
  return query;
}

/**
 * /dashboard/audit/: the append-only log of moderation and admin actions (Admin), newest first,
 * filtered by actor, action, target type and dates. The server checks the filters: its field
 * messages show beside each one.
 */
export function AdminAuditPage() {
  usePageMeta('Audit Log', 'Every moderation and admin action, who did it, when and why.');
  const [query, setQuery] = useSearchParams();
  const { filters, page } = readQuery(query);
  // Empty filters are left out: the server reads a missing one as "any".
  const input = Object.fromEntries(writeQuery(filters, page)) as Record<string, string>;
  const log = trpc.moderation.audit.useQuery(
    { ...input, page: page },
    { placeholderData: (previous) => previous },
  );
  const failure = log.error;
  const fieldErrors = Object.fromEntries(
    FIELDS.map((field) => [field, firstFieldError(failure, field)]).filter(([, text]) => text),
  ) as Partial<Record<keyof AuditLogFilters, string>>;
  const badFilters = errorStatus(failure) === 400;
  const count = log.data?.count ?? 0;
  return (
    <main className="page">
      <h1 className="page__title">Audit Log</h1>
      <p className="admin-muted">
        {log.data
          ? `${count} ${count === 1 ? 'entry' : 'entries'}, newest first. Times are Asia/Dhaka.`
          : 'Every moderation and admin action, newest first.'}
      </p>
      <AuditLog
        state={log.isPending ? 'loading' : failure ? 'error' : 'ready'}
        entries={log.data?.results ?? []}
        filters={filters}
        onFiltersChange={(next) => setQuery(writeQuery(next, 1))}
        actions={AUDIT_ACTIONS}
        targetTypes={AUDIT_TARGET_TYPES}
        fieldErrors={fieldErrors}
        errorMessage={badFilters ? (serverMessage(failure) ?? LOAD_FAILED) : LOAD_FAILED}
        page={page}
        totalPages={Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE))}
        onPageChange={(next) => setQuery(writeQuery(filters, next))}
      />
    </main>
  );
}
