import { lazy, useCallback } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NavBar } from '@recipehub/ui/nav-bar';
import { AfterHydration } from '../../lib/after-hydration';
import { renderRouterLink } from '../../lib/render-link';
import { useStoredToken } from '../../lib/token-store';
import { scrollToRecipes, scrollToRecipesOnceShown } from './scroll-to-recipes';

const SiteFooter = lazy(() => import('./site-footer'));

/** Public pages: the fixed top bar, the page, the footer (spec §2). */
export function SiteLayout() {
  const token = useStoredToken();
  const location = useLocation();
  const navigate = useNavigate();

  const onRecipeClick = useCallback(() => {
    if (location.pathname === '/') {
      scrollToRecipes();
      return;
    }
    // From another page: home first, then scroll once it has rendered (spec: about 100 ms).
    void navigate('/');
    scrollToRecipesOnceShown();
  }, [location.pathname, navigate]);

  return (
    <>
      <NavBar
        loggedIn={token !== null}
        currentPath={location.pathname}
        renderLink={renderRouterLink}
        onRecipeClick={onRecipeClick}
        onLogout={() => void navigate('/logout')}
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
