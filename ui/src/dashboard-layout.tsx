import {
  FilePlus2,
  LayoutDashboard,
  LogOut,
  Mail,
  UserCog,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { LOGO_IMAGE, Logo } from './brand';
import type { RenderLink } from './link';
import './dashboard-layout.css';

type MenuEntry = { href: string; label: string; icon: LucideIcon; adminOnly?: boolean };

export const DASHBOARD_MENU: MenuEntry[] = [
  { href: '/dashboard/index/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/dashboard/user-info/', label: 'User Info', icon: UserRound },
  { href: '/dashboard/update-profile/', label: 'Update Profile', icon: UserCog },
  { href: '/dashboard/add-recipe/', label: 'Add a Recipe', icon: FilePlus2 },
  { href: '/dashboard/users/', label: 'All Users', icon: Users, adminOnly: true },
  { href: '/dashboard/messages/', label: 'User Messages', icon: Mail, adminOnly: true },
];

const defaultRenderLink: RenderLink = ({ href, ...props }) => <a href={href} {...props} />;

export type DashboardLayoutProps = {
  isAdmin: boolean;
  currentPath?: string;
  renderLink?: RenderLink;
  logoSrc?: string;
  /** Where Logout goes; the app's /logout route clears the session. */
  logoutHref?: string;
  /** The page, with its own `<main>` landmark. */
  children: ReactNode;
};

export function DashboardLayout({
  isAdmin,
  currentPath,
  renderLink = defaultRenderLink,
  logoSrc = LOGO_IMAGE,
  logoutHref = '/logout',
  children,
}: DashboardLayoutProps) {
  return (
    <div className="rh-dashboard">
      <header className="rh-dashboard__topbar">
        {renderLink({
          href: '/',
          children: (
            <>
              <Logo src={logoSrc} />
              <span className="rh-brand-name" aria-hidden>
                RecipeHub
              </span>
            </>
          ),
        })}
        {renderLink({
          href: logoutHref,
          className: 'rh-dashboard__link',
          children: (
            <>
              <LogOut size={18} aria-hidden /> Logout
            </>
          ),
        })}
      </header>
      <div className="rh-dashboard__body">
        <nav className="rh-dashboard__side" aria-label="Dashboard">
          <ul className="rh-dashboard__menu">
            {DASHBOARD_MENU.filter((entry) => isAdmin || !entry.adminOnly).map(
              ({ href, label, icon: Icon }) => (
                <li key={href}>
                  {renderLink({
                    href,
                    className: 'rh-dashboard__link',
                    'aria-current': currentPath === href ? 'page' : undefined,
                    children: (
                      <>
                        <Icon size={18} aria-hidden /> {label}
                      </>
                    ),
                  })}
                </li>
              ),
            )}
          </ul>
        </nav>
        {/* Each page brings its own <main> (one per page, as on the public pages): a <main> here
            nested every page's inside it (axe: landmark-no-duplicate-main). */}
        <div className="rh-dashboard__main">{children}</div>
      </div>
    </div>
  );
}
