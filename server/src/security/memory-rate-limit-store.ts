import type { RateLimiterStore } from './rate-limit-store.js';

interface Window {
  count: number;
  resetAt: number;
  group: string | undefined;
}

/** One process's counters. Expired windows are swept as the map grows. */
export function createMemoryStore(now: () => number = Date.now): RateLimiterStore {
  const windows = new Map<string, Window>();
  return {
    async consume(key, rule, group) {
      const time = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + rule.durationSeconds * 1000, group };
        windows.set(key, window);
      }
      window.count++;
      return {
        allowed: window.count <= rule.points,
        count: window.count,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
      };
    },
    async refund(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count--;
    },
    async clear(keys, groups = []) {
      for (const key of keys) windows.delete(key);
      if (groups.length === 0) return;
      // A password reset is rare: a walk over the live windows is cheaper than an index.
      for (const [key, window] of windows) {
        if (window.group !== undefined && groups.includes(window.group)) windows.delete(key);
      }
    },
    async close() {
      windows.clear();
    },
  };
}
