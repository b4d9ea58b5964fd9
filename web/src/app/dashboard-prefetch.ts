import {
  CATEGORIES_STALE_MS,
  dashboardListInput,
} from '../features/dashboard/dashboard-list-input';
import { paths } from '../lib/paths';
import { trpcUtils } from '../lib/query-client';
import { readToken } from '../lib/token-store';

/*
 * Landing on the dashboard (a reload, a bookmark, the bench's cold load): its two reads start
 * here, in the first download, instead of after the route table's chunk, the dashboard shell's
 * and the page's have each arrived (entry -> routes -> shell -> page -> the reads: LCP 0.7 s
 * locally and 3.2-4.2 s throttled). The page's hooks then find the reads in flight or done under
 * the same keys. The chunks' own head start is in dashboard-routes.tsx: each dynamic import here
 * would carry its chunk's list of files into the first download (measured: 0.25 kB gzip for
 * three, 0.16 kB for the page's alone, when the budget had 0.11 kB left; it has 1.59 kB since
 * 2026-11-24, not retried).
 */
export const landedOnDashboardIndex =
  typeof window !== 'undefined' && window.location.pathname === paths.dashboard.index;

if (landedOnDashboardIndex && readToken() !== null) {
  void trpcUtils.categories.list.prefetch(undefined, { staleTime: CATEGORIES_STALE_MS });
  void trpcUtils.recipes.list.prefetch(dashboardListInput('my', 1, '', []));
}
