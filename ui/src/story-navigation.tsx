// The app's navigation as web passes it (web/src/app/layouts/site-nav.ts and dashboard-menu.tsx), for stories only
// (not exported from the package): the library takes routes as props and knows none itself.
import { FilePlus2, LayoutDashboard, Mail, UserCog, UserRound, Users } from 'lucide-react';
import type { DashboardMenuEntry } from './dashboard-layout';
import type { NavBarPaths } from './nav-bar';

export const STORY_NAV_PATHS: NavBarPaths = {
  home: '/',
  dashboard: '/dashboard/index/',
  profile: '/dashboard/user-info/',
  register: '/register',
  login: '/login',
};

const icon = { size: 18, 'aria-hidden': true } as const;

export const STORY_DASHBOARD_MENU: DashboardMenuEntry[] = [
  { href: '/dashboard/index/', label: 'Dashboard', icon: <LayoutDashboard {...icon} /> },
  { href: '/dashboard/user-info/', label: 'User Info', icon: <UserRound {...icon} /> },
  { href: '/dashboard/update-profile/', label: 'Update Profile', icon: <UserCog {...icon} /> },
  { href: '/dashboard/add-recipe/', label: 'Add a Recipe', icon: <FilePlus2 {...icon} /> },
  { href: '/dashboard/users/', label: 'All Users', icon: <Users {...icon} />, adminOnly: true },
  {
    href: '/dashboard/messages/',
    label: 'User Messages',
    icon: <Mail {...icon} />,
    adminOnly: true,
  },
];
