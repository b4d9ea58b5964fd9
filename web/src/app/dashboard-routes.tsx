import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';

/*
 * The /dashboard/ route table, its own chunk: a visitor landing on the home page never downloads
 * it. The shell checks the stored token (spec §2) and AdminOnly the role (spec §6: users, one
 * user and messages). The leftover pages are open to every member; each offers its writes to
 * Admins only, as the server allows them.
 */
const DashboardShell = lazyPage(() => import('./layouts/dashboard-shell'));
const AdminOnly = lazyPage(() => import('./layouts/admin-only'));
const DashboardIndex = lazyPage(() => import('./routes/dashboard-index'));
const UserInfo = lazyPage(() => import('./routes/user-info'));
const UpdateProfile = lazyPage(() => import('./routes/update-profile'));
const AddRecipe = lazyPage(() => import('./routes/add-recipe'));
const AdminUsers = lazyPage(() => import('./routes/admin-users'));
const AdminUser = lazyPage(() => import('./routes/admin-user'));
const AdminMessages = lazyPage(() => import('./routes/admin-messages'));
const LeftoverCustomers = lazyPage(() => import('./routes/leftover-customers'));
const LeftoverCategories = lazyPage(() => import('./routes/leftover-categories'));
const LeftoverProducts = lazyPage(() => import('./routes/leftover-products'));
const LeftoverSale = lazyPage(() => import('./routes/leftover-sale'));
const LeftoverTest = lazyPage(() => import('./routes/leftover-test'));
const NotFound = lazyPage(() => import('./routes/not-found'));

export function Component() {
  return (
    <Routes>
      <Route element={<DashboardShell />}>
        <Route index element={<Navigate to="/dashboard/index/" replace />} />
        <Route path="index" element={<DashboardIndex />} />
        <Route path="user-info" element={<UserInfo />} />
        <Route path="update-profile" element={<UpdateProfile />} />
        <Route path="add-recipe" element={<AddRecipe />} />
        <Route element={<AdminOnly />}>
          <Route path="users" element={<AdminUsers />} />
          <Route path="users/:email" element={<AdminUser />} />
          <Route path="messages" element={<AdminMessages />} />
        </Route>
        <Route path="customer" element={<LeftoverCustomers />} />
        <Route path="category" element={<LeftoverCategories />} />
        <Route path="product" element={<LeftoverProducts />} />
        <Route path="sale" element={<LeftoverSale />} />
        <Route path="test" element={<LeftoverTest />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
