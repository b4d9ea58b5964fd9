import { useState, useSyncExternalStore } from 'react';
import { dashboardFirstPaintActive, endDashboardFirstPaint } from '../../lib/dashboard-first-paint';
import type { DashboardTab } from './types';

/*
 * The filters and lists as the server painted them (lib/dashboard-first-paint.ts). Its inner
 * HTML is left alone: React's production build does not compare inner HTML while hydrating, so
 * the server's cards stay until the page swaps in its own render. `dash-lists` lays out as its
 * children (display: contents), as the wrapper of the page's own render does.
 */
export const serverLists = (
  <div
    className="dash-lists"
    data-server-rendered="dashboard"
    dangerouslySetInnerHTML={{ __html: '' }}
  />
);

const never = () => () => undefined;

/**
 * Whether the page still shows the server's first paint: from hydration until the page's own
 * render can show the same (its categories and first page of My Recipes have answered), or
 * shows something else (a failed read, another tab). Never while hydrating (`hydrated` is the
 * server snapshot's false then): the hydrating render must be the server's.
 */
export function useServerFirstPaint(
  tab: DashboardTab,
  reads: {
    categories: { data?: unknown; isError: boolean };
    list: { data?: unknown; isError: boolean; isPlaceholderData: boolean };
  },
): boolean {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const [firstPaint, setFirstPaint] = useState(dashboardFirstPaintActive);
  const { categories, list } = reads;
  const ownRenderReady =
    categories.data !== undefined && list.data !== undefined && !list.isPlaceholderData;
  const leave = ownRenderReady || categories.isError || list.isError || tab !== 'my';
  if (firstPaint && hydrated && leave) {
    // Set while rendering (React's "adjusting state" pattern): the swap is this very commit.
    endDashboardFirstPaint();
    setFirstPaint(false);
  }
  return firstPaint;
}
