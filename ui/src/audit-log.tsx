import type { FormEvent } from 'react';
import { Button } from './button';
import { DataTable, type Column } from './data-table';
import { EmptyState } from './empty-state';
import { formatDateTime } from './format';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { SelectField, TextField } from './text-field';
import './audit-log.css';

/** One line of the audit log, as the server answers it. */
export type AuditLogEntry = {
  id: number;
  /** The acting Admin's handle when they acted. */
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  /** ISO timestamp. */
  created: string;
};

/** The filters as the form holds them: '' is "any". Dates are `YYYY-MM-DD`. */
export type AuditLogFilters = {
  actor: string;
  action: string;
  target_type: string;
  from: string;
  to: string;
};

export const NO_FILTERS: AuditLogFilters = {
  actor: '',
  action: '',
  target_type: '',
  from: '',
  to: '',
};

export const NO_ENTRIES = 'Nothing has been recorded yet.';
export const NO_MATCHES = 'No entries match these filters.';
const FIELDS = Object.keys(NO_FILTERS) as (keyof AuditLogFilters)[];

export type AuditLogProps = {
  /** `loading` and `error` show no table; the filters stay usable. */
  state: 'loading' | 'error' | 'ready';
  entries: AuditLogEntry[];
  filters: AuditLogFilters;
  onFiltersChange: (filters: AuditLogFilters) => void;
  /** The choices of the action and target type selects (the contract's lists). */
  actions: readonly string[];
  targetTypes: readonly string[];
  /** A field's message from the server (e.g. a malformed handle), shown beside it. */
  fieldErrors?: Partial<Record<keyof AuditLogFilters, string>>;
  errorMessage?: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
};

/** `{role: 'User'}` as "role: User"; nothing as an em dash. */
export function describeState(state: Record<string, unknown> | null): string {
  if (!state || Object.keys(state).length === 0) return '—';
  return Object.entries(state)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

const label = (value: string) => value.replace(/_/g, ' ');

const columns: Column<AuditLogEntry>[] = [
  {
    key: 'when',
    header: 'When',
    cell: (row) => <time dateTime={row.created}>{formatDateTime(row.created)}</time>,
  },
  { key: 'who', header: 'Who', cell: (row) => row.actor },
  { key: 'what', header: 'What', cell: (row) => label(row.action) },
  { key: 'target', header: 'Target', cell: (row) => `${row.target_type} ${row.target_id}` },
  {
    key: 'change',
    header: 'Before → after',
    cell: (row) => (
      <span className="rh-audit-log__change">
        {describeState(row.before)} <span aria-label="changed to">→</span>{' '}
        {describeState(row.after)}
      </span>
    ),
  },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason || '—' },
];

/** A select of the caller's choices, with "any" first. */
function ChoiceField(props: {
  label: string;
  name: string;
  any: string;
  choices: readonly string[];
  value: string;
  error: string | undefined;
}) {
  return (
    <SelectField
      label={props.label}
      name={props.name}
      defaultValue={props.value}
      error={props.error}
    >
      <option value="">{props.any}</option>
      {props.choices.map((choice) => (
        <option key={choice} value={choice}>
          {label(choice)}
        </option>
      ))}
    </SelectField>
  );
}

type FiltersFormProps = Pick<
  AuditLogProps,
  'filters' | 'onFiltersChange' | 'actions' | 'targetTypes' | 'fieldErrors'
>;

/** The filters as one form: applied on submit, so a half-typed handle asks the server nothing. */
function FiltersForm({
  filters,
  onFiltersChange,
  actions,
  targetTypes,
  fieldErrors = {},
}: FiltersFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (field: keyof AuditLogFilters) => String(data.get(field) ?? '').trim();
    onFiltersChange({
      actor: read('actor'),
      action: read('action'),
      target_type: read('target_type'),
      from: read('from'),
      to: read('to'),
    });
  };
  return (
    // Keyed by the filters, so the form shows them again after a clear or a URL change.
    <form
      key={JSON.stringify(filters)}
      className="rh-audit-log__filters"
      aria-label="Filter the audit log"
      onSubmit={submit}
    >
      <TextField
        label="Actor (handle)"
        name="actor"
        defaultValue={filters.actor}
        error={fieldErrors.actor}
      />
      <ChoiceField
        label="Action"
        name="action"
        any="Any action"
        choices={actions}
        value={filters.action}
        error={fieldErrors.action}
      />
      <ChoiceField
        label="Target type"
        name="target_type"
        any="Any target"
        choices={targetTypes}
        value={filters.target_type}
        error={fieldErrors.target_type}
      />
      <TextField
        label="From"
        name="from"
        type="date"
        defaultValue={filters.from}
        error={fieldErrors.from}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        defaultValue={filters.to}
        error={fieldErrors.to}
      />
      <div className="rh-audit-log__buttons">
        <Button type="submit">Apply filters</Button>
        {isFiltered(filters) && (
          <Button type="button" variant="secondary" onClick={() => onFiltersChange(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

const isFiltered = (filters: AuditLogFilters) => FIELDS.some((field) => filters[field] !== '');

/**
 * The admin's audit log: filters (actor, action, target type, dates), then a paged table of who
 * did what to which item, its state before and after, and why. The caller fetches; this shows.
 */
export function AuditLog({
  state,
  entries,
  errorMessage = 'The audit log could not be loaded.',
  page,
  totalPages,
  onPageChange,
  ...filterProps
}: AuditLogProps) {
  return (
    <section className="rh-audit-log" data-state={state} aria-busy={state === 'loading'}>
      <FiltersForm {...filterProps} />
      {state === 'loading' ? (
        <Spinner label="Loading the audit log…" />
      ) : state === 'error' ? (
        <EmptyState title={errorMessage} />
      ) : (
        <>
          <DataTable
            caption="Audit log"
            columns={columns}
            rows={entries}
            rowKey={(row) => row.id}
            empty={isFiltered(filterProps.filters) ? NO_MATCHES : NO_ENTRIES}
          />
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={onPageChange}
            label="Audit log pages"
          />
        </>
      )}
    </section>
  );
}
