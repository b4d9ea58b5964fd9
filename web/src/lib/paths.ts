/*
 * Every address of the web app (spec §2) in one place: the route tables, links, redirects and
 * the ui package's navigation all read it, so a renamed page cannot leave a link behind. Spec
 * paths keep the spec's spelling, trailing slash or not.
 */

/** The /dashboard/ pages, as the segments its route table matches (dashboard-routes.tsx). */
export const DASHBOARD_SEGMENTS = {
  index: 'index',
  userInfo: 'user-info',
  updateProfile: 'update-profile',
  addRecipe: 'add-recipe',
  users: 'users',
  user: 'users/:email',
  messages: 'messages',
  audit: 'audit',
  customers: 'customer',
  categories: 'category',
  products: 'product',
  sale: 'sale',
  test: 'test',
} as const;

const dashboard = (segment: string) => `/dashboard/${segment}/`;

export const paths = {
  home: '/',
  recipe: (id: number | string) => `/recipes/${id}`,
  recipeCook: (id: number | string) => `/recipes/${id}/cook`,
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  resetPasswordOtp: '/reset-password-otp',
  setNewPassword: '/set-new-password',
  notVerified: '/not-verified',
  logout: '/logout',
  dashboard: {
    index: dashboard(DASHBOARD_SEGMENTS.index),
    userInfo: dashboard(DASHBOARD_SEGMENTS.userInfo),
    updateProfile: dashboard(DASHBOARD_SEGMENTS.updateProfile),
    addRecipe: dashboard(DASHBOARD_SEGMENTS.addRecipe),
    users: dashboard(DASHBOARD_SEGMENTS.users),
    user: (email: string) => `/dashboard/users/${encodeURIComponent(email)}`,
    messages: dashboard(DASHBOARD_SEGMENTS.messages),
    audit: dashboard(DASHBOARD_SEGMENTS.audit),
    customers: dashboard(DASHBOARD_SEGMENTS.customers),
    categories: dashboard(DASHBOARD_SEGMENTS.categories),
    products: dashboard(DASHBOARD_SEGMENTS.products),
    sale: dashboard(DASHBOARD_SEGMENTS.sale),
    test: dashboard(DASHBOARD_SEGMENTS.test),
  },
} as const;

/** The patterns of the site's route table (router.tsx). */
export const ROUTE_PATTERNS = {
  recipe: '/recipes/:id',
  recipeCook: '/recipes/:id/cook',
  dashboard: '/dashboard/*',
} as const;
