import { Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { Spinner } from '@recipehub/ui/spinner';
import { SESSION_EXPIRED_EVENT, takeUnheardSessionExpiry } from '../lib/trpc';
import { paths, ROUTE_PATTERNS } from '../lib/paths';
// Starts the dashboard's reads when it is the page landed on.
import './dashboard-prefetch';
import { lazyPage } from './lazy-page';
import { SiteLayout } from './layouts/site-layout';
import { RouteErrorBoundary } from './route-error';
import { Component as HomeRoute } from './routes/home';

/*
 * Declarative routes (BrowserRouter) rather than the data router: the data router adds about
 * 17 KB gzip to the first download, and the pages fetch through tRPC/React Query anyway.
 * Home is in the first download (it is the landing page); every other page is its own chunk, and
 * the dashboard's route table too (dashboard-routes.tsx).
 */
const RecipeDetail = lazyPage(() =>
  import('../features/recipe-detail/recipe-detail-page').then((module) => module.RecipeDetailPage),
);
const RecipeCook = lazyPage(() =>
  import('./routes/recipe-cook').then((module) => module.Component),
);
const Login = lazyPage(() =>
  import('../features/account/login-page').then((module) => module.LoginPage),
);
const Register = lazyPage(() =>
  import('../features/account/register-page').then((module) => module.RegisterPage),
);
const ResetPassword = lazyPage(() =>
  import('../features/password-reset/reset-password-page').then(
    (module) => module.ResetPasswordPage,
  ),
);
const ResetPasswordOtp = lazyPage(() =>
  import('../features/password-reset/reset-password-otp-page').then(
    (module) => module.ResetPasswordOtpPage,
  ),
);
const SetNewPassword = lazyPage(() =>
  import('../features/password-reset/set-new-password-page').then(
    (module) => module.SetNewPasswordPage,
  ),
);
const NotVerified = lazyPage(() =>
  import('../features/account/not-verified-page').then((module) => module.NotVerifiedPage),
);
const Logout = lazyPage(() => import('./routes/logout').then((module) => module.Component));
const NotFound = lazyPage(() => import('./routes/not-found').then((module) => module.Component));
const DashboardRoutes = lazyPage(() =>
  import('./dashboard-routes').then((module) => module.Component),
);

/** A new id is a new page: no state (open dialogs, drafts) carries over. */
function RecipeDetailRoute() {
  const { id } = useParams();
  return <RecipeDetail key={id} idParam={id} />;
}

/** A 401 on any call but login ends the session and goes to /login (spec §4). */
function LoginOnSessionExpiry() {
  const navigate = useNavigate();
  useEffect(() => {
    const toLogin = () => {
      takeUnheardSessionExpiry();
      void navigate(paths.login, { replace: true });
    };
    if (takeUnheardSessionExpiry()) toLogin();
    window.addEventListener(SESSION_EXPIRED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, toLogin);
  }, [navigate]);
  return null;
}

/**
 * Every route of the app, under whichever router the caller provides: the browser's history in
 * the page (main.tsx), a fixed location when the home page is prerendered at build time.
 */
export function AppRoutes() {
  return (
    <>
      <LoginOnSessionExpiry />
      <RouteErrorBoundary>
        <Suspense fallback={<Spinner label="Loading page…" />}>
          <Routes>
            <Route element={<SiteLayout />}>
              <Route path={paths.home} element={<HomeRoute />} />
              <Route path={ROUTE_PATTERNS.recipe} element={<RecipeDetailRoute />} />
              <Route path={paths.login} element={<Login />} />
              <Route path={paths.register} element={<Register />} />
              <Route path={paths.resetPassword} element={<ResetPassword />} />
              <Route path={paths.resetPasswordOtp} element={<ResetPasswordOtp />} />
              <Route path={paths.setNewPassword} element={<SetNewPassword />} />
              <Route path={paths.notVerified} element={<NotVerified />} />
              <Route path={paths.logout} element={<Logout />} />
              <Route path="*" element={<NotFound />} />
            </Route>
            {/* Cook mode has the whole screen: no site bar or footer (issue 16). */}
            <Route path={ROUTE_PATTERNS.recipeCook} element={<RecipeCook />} />
            <Route path={ROUTE_PATTERNS.dashboard} element={<DashboardRoutes />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
