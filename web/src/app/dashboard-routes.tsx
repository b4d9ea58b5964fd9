import { Navigate, Route, Routes } from 'react-router';
import { DASHBOARD_SEGMENTS, paths } from '../lib/paths';
import { readToken } from '../lib/token-store';
import { dashboardFirstPaintActive } from '../lib/dashboard-first-paint';
import { landedOnDashboardIndex } from './dashboard-prefetch';
import { preloadFirstDashboardPhoto } from './dashboard-photo-preload';
import { lazyPage } from './lazy-page';

/*
 * The /dashboard/ route table, its own chunk: a visitor landing on the home page never downloads
 * it. The shell checks the stored token (spec §2) and AdminOnly the role (spec §6: users, one
 * user, messages and the audit log). The leftover pages are open to every member; each offers its writes to
 * Admins only, as the server allows them.
 */
const loadDashboardShell = () => import('./layouts/dashboard-shell');
const loadDashboardPage = () => import('../features/dashboard/dashboard-page');
// Landing on the dashboard: the shell's chunk and the page's together, not the page's only once
// the shell has arrived and rendered (its reads started in the first download), and the first
// card's photo as soon as the list has answered.
if (landedOnDashboardIndex) {
  void loadDashboardShell();
  void loadDashboardPage();
  // The server's HTML already asks for the photo (lib/dashboard-first-paint.ts).
  if (readToken() !== null && !dashboardFirstPaintActive()) preloadFirstDashboardPhoto();
}
const DashboardShell = lazyPage(() => loadDashboardShell().then((module) => module.Component));
const AdminOnly = lazyPage(() => import('./layouts/admin-only').then((module) => module.Component));
const DashboardIndex = lazyPage(() => loadDashboardPage().then((module) => module.DashboardPage));
const UserInfo = lazyPage(() =>
  import('../features/account/user-info-page').then((module) => module.UserInfoPage),
);
const UpdateProfile = lazyPage(() =>
  import('../features/account/update-profile-page').then((module) => module.UpdateProfilePage),
);
const AddRecipe = lazyPage(() => import('./routes/add-recipe').then((module) => module.Component));
const AdminUsers = lazyPage(() =>
  import('../features/admin/users-page').then((module) => module.AdminUsersPage),
);
const AdminUser = lazyPage(() =>
  import('../features/admin/user-page').then((module) => module.AdminUserPage),
);
const AdminMessages = lazyPage(() =>
  import('../features/admin/messages-page').then((module) => module.AdminMessagesPage),
);
const AdminAudit = lazyPage(() =>
  import('../features/admin/audit-page').then((module) => module.AdminAuditPage),
);
const LeftoverCustomers = lazyPage(() =>
  import('../features/leftovers/customers-page').then((module) => module.CustomersPage),
);
const LeftoverCategories = lazyPage(() =>
  import('../features/leftovers/categories-page').then((module) => module.CategoriesPage),
);
const LeftoverProducts = lazyPage(() =>
  import('../features/leftovers/products-page').then((module) => module.ProductsPage),
);
const LeftoverSale = lazyPage(() =>
  import('../features/leftovers/sale-page').then((module) => module.SalePage),
);
const LeftoverTest = lazyPage(() =>
  import('../features/leftovers/test-page').then((module) => module.TestPage),
);
const NotFound = lazyPage(() => import('./routes/not-found').then((module) => module.Component));

export function Component() {
  return (
    <Routes>
      <Route element={<DashboardShell />}>
        <Route index element={<Navigate to={paths.dashboard.index} replace />} />
        <Route path={DASHBOARD_SEGMENTS.index} element={<DashboardIndex />} />
        <Route path={DASHBOARD_SEGMENTS.userInfo} element={<UserInfo />} />
        <Route path={DASHBOARD_SEGMENTS.updateProfile} element={<UpdateProfile />} />
        <Route path={DASHBOARD_SEGMENTS.addRecipe} element={<AddRecipe />} />
        <Route element={<AdminOnly />}>
          <Route path={DASHBOARD_SEGMENTS.users} element={<AdminUsers />} />
          <Route path={DASHBOARD_SEGMENTS.user} element={<AdminUser />} />
          <Route path={DASHBOARD_SEGMENTS.messages} element={<AdminMessages />} />
          <Route path={DASHBOARD_SEGMENTS.audit} element={<AdminAudit />} />
        </Route>
        <Route path={DASHBOARD_SEGMENTS.customers} element={<LeftoverCustomers />} />
        <Route path={DASHBOARD_SEGMENTS.categories} element={<LeftoverCategories />} />
        <Route path={DASHBOARD_SEGMENTS.products} element={<LeftoverProducts />} />
        <Route path={DASHBOARD_SEGMENTS.sale} element={<LeftoverSale />} />
        <Route path={DASHBOARD_SEGMENTS.test} element={<LeftoverTest />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
