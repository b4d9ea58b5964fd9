import { FilePlus2, History, LayoutDashboard, Mail, UserCog, UserRound, Users } from 'lucide-react';
import type { DashboardMenuEntry } from '@recipehub/ui/dashboard-layout';
import { paths } from '../../lib/paths';

// Its own module, not site-nav.ts's: the icons stay in the dashboard's chunk, out of home's.
const icon = { size: 18, 'aria-hidden': true } as const;

/** The dashboard's side menu (spec §2); users, messages and the audit log are for Admins (spec §6, issue 30). */
export const DASHBOARD_MENU: DashboardMenuEntry[] = [
  { href: paths.dashboard.index, label: 'Dashboard', icon: <LayoutDashboard {...icon} /> },
  { href: paths.dashboard.userInfo, label: 'User Info', icon: <UserRound {...icon} /> },
  { href: paths.dashboard.updateProfile, label: 'Update Profile', icon: <UserCog {...icon} /> },
  { href: paths.dashboard.addRecipe, label: 'Add a Recipe', icon: <FilePlus2 {...icon} /> },
  { href: paths.dashboard.users, label: 'All Users', icon: <Users {...icon} />, adminOnly: true },
  {
    href: paths.dashboard.messages,
    label: 'User Messages',
    icon: <Mail {...icon} />,
    adminOnly: true,
  },
  { href: paths.dashboard.audit, label: 'Audit Log', icon: <History {...icon} />, adminOnly: true },
];
