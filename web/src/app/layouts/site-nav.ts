import type { NavBarPaths } from '@recipehub/ui/nav-bar';
import { paths } from '../../lib/paths';

/** The top bar's links (spec §2); the ui package takes them as props. */
export const SITE_NAV_PATHS: NavBarPaths = {
  home: paths.home,
  dashboard: paths.dashboard.index,
  profile: paths.dashboard.userInfo,
  register: paths.register,
  login: paths.login,
};
