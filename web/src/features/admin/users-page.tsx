import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Mail, Phone } from 'lucide-react';
import { Avatar, RoleBadge } from '@recipehub/ui/avatar';
import { EmptyState } from '@recipehub/ui/empty-state';
import { SearchBox } from '@recipehub/ui/search-box';
import { Spinner } from '@recipehub/ui/spinner';
import { SelectField } from '@recipehub/ui/text-field';
import { VisuallyHidden } from '@recipehub/ui/visually-hidden';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import type { AdminUser } from './admin-types';
import { useErrorToast } from '../../lib/use-error-toast';
import { ROLE_FILTERS, filterUsers, userPageHref, type RoleFilter } from './user-filters';
import './admin.css';

// Spec §8: an answer that is not a success vs. no answer at all (network) or anything else.
const FETCH_FAILED = 'Failed to fetch users';
const FETCH_ERROR = 'An error occurred while fetching users';
export const NO_USERS = 'No users found.';

/** /dashboard/users/: every user as a card, filtered by role and searched in the browser. */
export function AdminUsersPage() {
  usePageMeta('All Users', 'Every RecipeHub user: filter by role, search by name or email.');
  // The endpoint answers every user at once, so the filter and the search need no extra call.
  const users = trpc.accounts.users.list.useQuery();
  const failure = users.error ? (errorStatus(users.error) > 0 ? FETCH_FAILED : FETCH_ERROR) : '';
  useErrorToast(users.error, failure);

  const [role, setRole] = useState<RoleFilter>('All');
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => filterUsers(users.data?.data ?? [], role, search),
    [users.data, role, search],
  );

  return (
    <main className="page">
      <h1 className="page__title">All Users</h1>
      <div className="admin-toolbar">
        <div className="admin-toolbar__search">
          <SearchBox
            value={search}
            onSearch={setSearch}
            label="Search users by name or email"
            placeholder="Search by first name, last name or email…"
          />
        </div>
        <SelectField
          label="Role"
          layout="inline"
          value={role}
          onChange={(event) => setRole(event.target.value as RoleFilter)}
        >
          {ROLE_FILTERS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      </div>

      {users.isPending ? (
        <Spinner label="Loading users…" />
      ) : users.isError ? (
        <EmptyState title={failure} description="Reload the page to try again." />
      ) : shown.length === 0 ? (
        <EmptyState title={NO_USERS} />
      ) : (
        <>
          <p className="admin-muted" aria-live="polite">
            Showing {shown.length} of {users.data.data.length} users
          </p>
          <ul className="admin-user-grid" aria-label="Users">
            {shown.map((user) => (
              <UserCard key={user.email} user={user} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <li className="admin-user-card">
      <Avatar name={name} src={user.profile.image} size={56} />
      <div className="admin-user-card__body">
        <h2 className="admin-user-card__name">
          <Link to={userPageHref(user.email)}>{name}</Link>
        </h2>
        <RoleBadge role={user.role} />
        <p className="admin-user-card__line">
          <Mail size={16} aria-hidden />
          <VisuallyHidden>Email: </VisuallyHidden>
          {user.email}
        </p>
        <p className="admin-user-card__line">
          <Phone size={16} aria-hidden />
          <VisuallyHidden>Mobile: </VisuallyHidden>
          {user.mobile || 'No mobile number'}
        </p>
      </div>
    </li>
  );
}
