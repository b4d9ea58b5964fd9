import { lazy, useCallback } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NavBar } from '@recipehub/ui/nav-bar';
import { AfterHydration } from '../../lib/after-hydration';
import { renderRouterLink } from '../../lib/render-link';
import { useStoredToken } from '../../lib/token-store';
import { SCROLL_TO_RECIPES_STATE, scrollToRecipes } from './scroll-to-recipes';
import { paths } from '../../lib/paths';
import { SITE_NAV_PATHS } from './site-nav';

const SiteFooter = lazy(() => import('./site-footer'));

/** Public pages: the fixed top bar, the page, the footer (spec §2). */
export function SiteLayout() {
  const token = useStoredToken();
  const location = useLocation();
  const navigate = useNavigate();

  const onRecipeClick = useCallback(() => {
    if (location.pathname === paths.home) {
      scrollToRecipes();
      return;
    }
    // From another page: home first; home scrolls about 100 ms after it has mounted (spec §2).
    void navigate(paths.home, { state: SCROLL_TO_RECIPES_STATE });
  }, [location.pathname, navigate]);

  return (
    <>
      <NavBar
        loggedIn={token !== null}
        paths={SITE_NAV_PATHS}
        currentPath={location.pathname}
        renderLink={renderRouterLink}
        onRecipeClick={onRecipeClick}
        onLogout={() => void navigate(paths.logout)}
      />
      <div className="site-page">
        <Outlet />
      </div>
      <AfterHydration fallback={<div className="site-footer-placeholder" />}>
        <SiteFooter />
      </AfterHydration>
    </>
  );
}
