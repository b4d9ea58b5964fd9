import { DASHBOARD_CARD_SIZES } from '../features/dashboard/dashboard-card-sizes';
import { dashboardListInput } from '../features/dashboard/dashboard-list-input';
import { trpcUtils } from '../lib/query-client';

/** An image URL the page may load: a site path or http(s) (as ui's Picture would show it). */
function loadable(src: string | null | undefined): string | null {
  if (!src) return null;
  try {
    const { protocol } = new URL(src, window.location.origin);
    return protocol === 'https:' || protocol === 'http:' ? src : null;
  } catch {
    return null;
  }
}

/**
 * Landing on the dashboard: as soon as the list read (started in the first download,
 * dashboard-prefetch.ts) has answered and this route table's chunk has run, ask for the first
 * card's photo, the page's largest paint, with high priority and the card's own `sizes` and
 * first source, so the browser picks the file the card will show. Without it the download
 * started only once the page's chunks had arrived and React had rendered the list (about 1.2 s
 * later in a throttled load). Called from the route table's chunk, not the first download (its
 * 110 kB budget).
 */
export function preloadFirstDashboardPhoto() {
  void trpcUtils.recipes.list
    .ensureData(dashboardListInput('my', 1, '', []))
    .then(({ results: [first] }) => {
      const src = loadable(first?.photo?.src ?? first?.img);
      if (!first || !src) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.fetchPriority = 'high';
      const [source] = first.photo?.sources ?? [];
      if (source) {
        link.type = source.type;
        link.imageSrcset = source.srcset;
        link.imageSizes = DASHBOARD_CARD_SIZES;
      } else {
        link.href = src;
      }
      document.head.append(link);
    })
    // A failed read shows its own error on the page; there is nothing to preload.
    .catch(() => undefined);
}
