import { RefreshCw } from 'lucide-react';
import { RoleBadge } from '@recipehub/ui/avatar';
import { Button } from '@recipehub/ui/button';
import { formatDateTime } from '@recipehub/ui/format';
import { Spinner } from '@recipehub/ui/spinner';
import { useAuth } from '../../lib/auth-context';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { LeftoverNav } from './leftover-nav';
import './leftovers.css';

/**
 * /dashboard/test/: diagnostics for any member. What the old app's test page became: the API's own
 * health answer (API and database, public anyway), how this web build was made, and who is logged
 * in.
 */
export function TestPage() {
  usePageMeta('Diagnostics', 'Diagnostics: API and database status, web build and session.');
  const health = trpc.health.useQuery(undefined, { staleTime: 0 });

  const apiStatus = health.isPending
    ? null
    : health.isError
      ? { text: 'Unreachable', ok: false }
      : {
          text: health.data.status === 'ok' ? 'OK' : 'Unavailable',
          ok: health.data.status === 'ok',
        };
  const databaseStatus =
    health.data === undefined
      ? null
      : { text: health.data.database === 'up' ? 'Up' : 'Down', ok: health.data.database === 'up' };

  return (
    <main className="page">
      <LeftoverNav />
      <div className="leftover-heading">
        <h1 className="page__title">Diagnostics</h1>
        <Button
          variant="secondary"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
          aria-busy={health.isFetching || undefined}
        >
          <RefreshCw size={18} aria-hidden /> Check again
        </Button>
      </div>

      <div className="diagnostics">
        <section className="diagnostics__card" aria-labelledby="diag-api">
          <h2 id="diag-api" className="leftover-subtitle">
            Server
          </h2>
          {health.isPending ? (
            <Spinner label="Checking the API…" />
          ) : (
            <dl className="diagnostics__list" aria-live="polite">
              <dt>API</dt>
              <dd>
                <Status value={apiStatus} />
              </dd>
              <dt>Database</dt>
              <dd>
                <Status value={databaseStatus} />
              </dd>
              <dt>Checked at</dt>
              <dd>
                {health.dataUpdatedAt || health.errorUpdatedAt
                  ? formatDateTime(
                      new Date(Math.max(health.dataUpdatedAt, health.errorUpdatedAt)).toISOString(),
                    )
                  : 'Not yet'}
              </dd>
            </dl>
          )}
        </section>

        <BuildCard />

        <SessionCard />
      </div>
    </main>
  );
}

/** How this web build was made. */
function BuildCard() {
  return (
    <section className="diagnostics__card" aria-labelledby="diag-build">
      <h2 id="diag-build" className="leftover-subtitle">
        Web build
      </h2>
      <dl className="diagnostics__list">
        <dt>Mode</dt>
        <dd>{import.meta.env.MODE}</dd>
        <dt>Development server</dt>
        <dd>{import.meta.env.DEV ? 'Yes' : 'No'}</dd>
        <dt>Base path</dt>
        <dd>
          <code>{import.meta.env.BASE_URL}</code>
        </dd>
      </dl>
    </section>
  );
}

/** Who is logged in, as the app knows them. */
function SessionCard() {
  const { user } = useAuth();
  return (
    <section className="diagnostics__card" aria-labelledby="diag-session">
      <h2 id="diag-session" className="leftover-subtitle">
        Session
      </h2>
      {user ? (
        <dl className="diagnostics__list">
          <dt>Name</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>
            <RoleBadge role={user.role} />
          </dd>
        </dl>
      ) : (
        <p className="leftover-muted">No profile loaded.</p>
      )}
    </section>
  );
}

function Status({ value }: { value: { text: string; ok: boolean } | null }) {
  if (value === null) return <>Unknown</>;
  return (
    <span className="diagnostics__status" data-ok={value.ok}>
      <span aria-hidden>{value.ok ? '●' : '▲'}</span> {value.text}
    </span>
  );
}
