import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar, RoleBadge } from '@recipehub/ui/avatar';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/use-error-toast';
import './account.css';
import { paths } from '../../lib/paths';

const NOT_SET = 'Not provided';

type ProfileUser = NonNullable<RouterOutputs['accounts']['profile']['data']>;

/** The caller's name, photo, role and details, with the way to edit them. */
function ProfileCard({ user }: { user: ProfileUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  const details: [string, ReactNode][] = [
    ['Email', user.email],
    ['Phone', user.mobile || NOT_SET],
    ['Age', user.profile.age ?? NOT_SET],
    ['Sex', user.profile.sex || NOT_SET],
    ['Bio', user.profile.bio || NOT_SET],
    [
      'Facebook',
      user.profile.facebook ? (
        <a href={user.profile.facebook} target="_blank" rel="noopener noreferrer">
          {user.profile.facebook}
        </a>
      ) : (
        NOT_SET
      ),
    ],
    [
      'Portfolio',
      user.profile.portfolio ? (
        <a href={user.profile.portfolio} target="_blank" rel="noopener noreferrer">
          {user.profile.portfolio}
        </a>
      ) : (
        NOT_SET
      ),
    ],
  ];
  return (
    <section className="profile-card" aria-labelledby="profile-name">
      <div className="profile-card__head">
        <Avatar name={name} src={user.profile.image} size={96} />
        <div>
          <h2 id="profile-name" className="profile-card__name">
            {name}
          </h2>
          <RoleBadge role={user.role} />
        </div>
      </div>
      <dl className="profile-card__details">
        {details.map(([term, value]) => (
          <div key={term} className="profile-card__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Button asChild>
        <Link to={paths.dashboard.updateProfile}>Edit Profile</Link>
      </Button>
    </section>
  );
}

/** /dashboard/user-info/: the caller's profile (spec §2 User info). */
export function UserInfoPage() {
  usePageMeta('Your profile', 'Your RecipeHub profile: name, role, contact details and links.');
  // The same query the auth context keeps: no extra request when it is fresh.
  const profile = trpc.accounts.profile.useQuery(undefined, { retry: false, staleTime: 60_000 });
  const failed =
    profile.isError || (profile.data !== undefined && profile.data.status !== 'success');
  useErrorToast(failed, 'Failed to fetch profile data!');
  const user = profile.data?.data;

  let body;
  if (failed) {
    body = (
      <EmptyState
        title="Failed to fetch profile data!"
        action={
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!user) {
    body = <Spinner label="Loading profile…" />;
  } else {
    body = <ProfileCard user={user} />;
  }

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Your profile</h1>
      {body}
    </main>
  );
}
