import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { LOGO_IMAGE, Logo } from './brand';
import type { RenderLink } from './link';
import './dashboard-layout.css';

/** One entry of the side menu; the app owns its routes and chooses each entry's icon. */
export type DashboardMenuEntry = {
  href: string;
  label: string;
  icon: ReactNode;
  /** Shown to Admins only. */
  adminOnly?: boolean;
};

const defaultRenderLink: RenderLink = ({ href, ...props }) => <a href={href} {...props} />;

export type DashboardLayoutProps = {
  isAdmin: boolean;
  menu: DashboardMenuEntry[];
  /** Where the logo goes. */
  homeHref?: string;
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
  menu,
  homeHref = '/',
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
          href: homeHref,
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
            {menu
              .filter((entry) => isAdmin || !entry.adminOnly)
              .map(({ href, label, icon }) => (
                <li key={href}>
                  {renderLink({
                    href,
                    className: 'rh-dashboard__link',
                    'aria-current': currentPath === href ? 'page' : undefined,
                    children: (
                      <>
                        {icon} {label}
                      </>
                    ),
                  })}
                </li>
              ))}
          </ul>
        </nav>
        {/* Each page brings its own <main> (one per page, as on the public pages): a <main> here
            nested every page's inside it (axe: landmark-no-duplicate-main). */}
        <div className="rh-dashboard__main">{children}</div>
      </div>
    </div>
  );
}
