import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { USER_ROLES, type UserRole } from '@recipehub/openapi/enums';
import { MAX_AUDIT_REASON } from '@recipehub/openapi/limits';
import { Avatar, RoleBadge } from '@recipehub/ui/avatar';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { SelectField, TextField } from '@recipehub/ui/text-field';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorStatus, firstFieldError, serverMessage } from '../../lib/trpc-errors';
import type { AdminUser } from './admin-types';
import { UserRecipesSection, useUserRecipes } from './user-recipes-section';
import { useErrorToast } from '../../lib/use-error-toast';
import './admin.css';
import { paths } from '../../lib/paths';

const PROFILE_FAILED = 'Failed to fetch user profile';
const ROLE_UNCHANGED = 'Please select a different role to update';
const ROLE_FAILED = 'Failed to update role.';
// The spec names no success text for a role change; the server's own answer says this.
const ROLE_UPDATED = 'Role updated successfully!';
// The server's page size for a user's recipes (the contract package of issue 13 will own it).

/** /dashboard/users/:email: one user's profile, their role, and their recipes (Admin). */
export function AdminUserPage() {
  // react-router hands the parameter back decoded (the list encodes it).
  const email = useParams().email ?? '';
  const profile = trpc.accounts.users.get.useQuery({ email }, { enabled: email !== '' });
  const notFound = errorStatus(profile.error) === 404;
  useErrorToast(notFound ? null : profile.error, PROFILE_FAILED);
  const recipes = useUserRecipes(email, notFound);

  const user = profile.data?.data;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null;
  usePageMeta(
    notFound ? 'User not found' : (name ?? 'User'),
    'An admin view of one user: profile, role and recipes.',
  );

  return (
    <main className="page">
      <p className="admin-back">
        <Link to={paths.dashboard.users}>
          <ArrowLeft size={16} aria-hidden /> All Users
        </Link>
      </p>
      {profile.isPending ? (
        <>
          <h1 className="page__title">User</h1>
          <Spinner label="Loading the user's profile…" />
        </>
      ) : notFound || email === '' ? (
        <section className="admin-not-found" aria-labelledby="user-not-found">
          <h1 id="user-not-found" className="page__title">
            User not found
          </h1>
          <p className="admin-muted">
            No user has the email <strong>{email}</strong>.
          </p>
        </section>
      ) : profile.isError || !user ? (
        <>
          <h1 className="page__title">User</h1>
          <EmptyState title={PROFILE_FAILED} description="Reload the page to try again." />
        </>
      ) : (
        <>
          <UserProfile user={user} name={name ?? user.email} />
          <RoleForm user={user} />
          <UserRecipesSection recipes={recipes} />
        </>
      )}
    </main>
  );
}

function UserProfile({ user, name }: { user: AdminUser; name: string }) {
  const { profile } = user;
  return (
    <section className="admin-profile" aria-labelledby="user-name">
      <Avatar name={name} src={profile.image} size={96} />
      <div className="admin-profile__body">
        <h1 id="user-name" className="page__title admin-profile__name">
          {name}
        </h1>
        <RoleBadge role={user.role} />
        <dl className="admin-details">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Mobile</dt>
          <dd>{user.mobile || 'Not given'}</dd>
          <dt>Age</dt>
          <dd>{profile.age ?? 'Not given'}</dd>
          <dt>Sex</dt>
          <dd>{profile.sex || 'Not given'}</dd>
          <dt>Bio</dt>
          <dd className="admin-details__bio">{profile.bio || 'Not given'}</dd>
          <dt>Facebook</dt>
          <dd>
            {profile.facebook ? (
              <a href={profile.facebook} target="_blank" rel="noopener noreferrer nofollow">
                {profile.facebook}
              </a>
            ) : (
              'Not given'
            )}
          </dd>
          <dt>Portfolio</dt>
          <dd>
            {profile.portfolio ? (
              <a href={profile.portfolio} target="_blank" rel="noopener noreferrer nofollow">
                {profile.portfolio}
              </a>
            ) : (
              'Not given'
            )}
          </dd>
        </dl>
      </div>
    </section>
  );
}

function RoleForm({ user }: { user: AdminUser }) {
  const errorId = useId();
  const [role, setRole] = useState<UserRole>(user.role);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { user: me } = useAuth();
  const utils = trpc.useUtils();
  const update = trpc.accounts.users.updateRole.useMutation({
    onSuccess: async (answer) => {
      notify.success(answer.message || ROLE_UPDATED);
      const refreshes = [
        utils.accounts.users.get.invalidate({ email: user.email }),
        utils.accounts.users.list.invalidate(),
      ];
      // An admin changing their own role loses the admin pages: refresh what the app knows.
      if (me?.email === user.email) refreshes.push(utils.accounts.profile.invalidate());
      await Promise.all(refreshes);
    },
    onError: (failure) => {
      notify.error(ROLE_FAILED);
      // The reason (e.g. the last Admin cannot be demoted) goes beside the field.
      setError(firstFieldError(failure, 'role') ?? serverMessage(failure) ?? ROLE_FAILED);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role === user.role) {
      setError(ROLE_UNCHANGED);
      notify.error(ROLE_UNCHANGED);
      return;
    }
    setError(undefined);
    update.mutate({ email: user.email, role, reason: reason.trim() || null });
  };

  return (
    <section className="admin-section" aria-labelledby="role-title">
      <h2 id="role-title" className="admin-subtitle">
        Change role
      </h2>
      <form className="admin-role-form" onSubmit={submit} noValidate>
        <SelectField
          label="Role"
          layout="inline"
          value={role}
          // The reason shows under the whole form (full width), not squeezed under the select.
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setRole(event.target.value as UserRole);
            setError(undefined);
          }}
        >
          {USER_ROLES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Reason (for the audit log)"
          value={reason}
          maxLength={MAX_AUDIT_REASON}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
          {update.isPending ? 'Updating…' : 'Update Role'}
        </Button>
      </form>
      {error && (
        <p id={errorId} className="admin-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
