import autocannon, { type Request, type Result } from 'autocannon';
import type { LoopDelay, LoopProbe } from './event-loop.js';
import type { Generate } from './traffic.js';

/** How long and how hard every phase loads the server. */
export interface LoadSettings {
  warmup: number;
  duration: number;
}

export interface Load {
  base: string;
  connections: number;
  generate: Generate;
}

/** One measured phase (or one side of the isolation phase), as reported. */
export interface PhaseResult {
  phase: string;
  connections: number;
  requestsPerSecond: number;
  percentOfCeiling: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The process's event-loop delay during the measured window (null without a probe). */
  loopDelay: LoopDelay | null;
  /**
   * The process's CPU time (all threads) per answered request in the measured window, in ms:
   * unlike the share of the ceiling it does not carry the ceiling's noise (it has its own, see
   * bench/README.md), so before/after comparisons of the server's own cost read it. Null without
   * a probe. In the isolation phase both rows share one window: the CPU of both kinds of request
   * over both rows' requests.
   */
  cpuMsPerRequest: number | null;
  /** Empty when every answer was 2xx in time; otherwise what went wrong. */
  problem: string;
}

/**
 * autocannon varies its requests through `setupRequest`, called before every request of every
 * connection: each call takes the next request of the phase's generator.
 */
function varied(generate: Generate): Request {
  return {
    setupRequest(request) {
      const next = generate();
      const headers: Record<string, string> = {};
      if (next.token) headers.authorization = `Bearer ${next.token}`;
      if (next.body !== undefined) headers['content-type'] = 'application/json';
      else if (next.method === 'POST') headers['content-length'] = '0';
      return { ...request, method: next.method, path: next.path, headers, body: next.body ?? '' };
    },
  };
}

/** One autocannon run of `seconds`. */
export function runLoad(load: Load, seconds: number): Promise<Result> {
  return autocannon({
    url: load.base,
    connections: load.connections,
    pipelining: 1,
    // A request unanswered after 10 s counts as a timeout (and its connection is reopened).
    timeout: 10,
    duration: seconds,
    requests: [varied(load.generate)],
  });
}

/** Warm-up answers count too: a 429 or 500 there is as wrong as in the measured window. */
export function withWarmup(result: Result, warm: Result): Result {
  const statusCodeStats = { ...result.statusCodeStats };
  for (const [code, { count }] of Object.entries(warm.statusCodeStats)) {
    statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + count };
  }
  return {
    ...result,
    non2xx: result.non2xx + warm.non2xx,
    errors: result.errors + warm.errors,
    timeouts: result.timeouts + warm.timeouts,
    statusCodeStats,
  };
}

/** Warm-up, then the measured window, with the server's event-loop delay over that window. */
export async function measureLoad(
  load: Load,
  settings: LoadSettings,
  loop: LoopProbe | null,
): Promise<{ result: Result; loopDelay: LoopDelay | null }> {
  const warm = await runLoad(load, settings.warmup);
  loop?.reset();
  const result = await runLoad(load, settings.duration);
  const loopDelay = loop ? await loop.read() : null;
  return { result: withWarmup(result, warm), loopDelay };
}

/** The row of a phase; `ceiling` is the hello-world's req/s in the same server's run. */
export function summarise(
  phase: string,
  connections: number,
  result: Result,
  ceiling: number,
  loopDelay: LoopDelay | null,
  requestsInWindow: number = result.requests.total,
): PhaseResult {
  const rps = result.requests.average;
  const cpuMsPerRequest =
    loopDelay && requestsInWindow > 0
      ? Math.round((loopDelay.cpuMs / requestsInWindow) * 1000) / 1000
      : null;
  let problem = '';
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' ');
    problem =
      `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` +
      (codes ? ` (${codes})` : '');
  } else if (result.requests.total === 0) {
    // Requests still running when the window closes are not counted anywhere by autocannon.
    problem = `no request completed within ${result.duration} s`;
  }
  return {
    phase,
    connections,
    requestsPerSecond: Math.round(rps * 10) / 10,
    percentOfCeiling: ceiling > 0 ? Math.round((rps / ceiling) * 10_000) / 100 : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    loopDelay,
    cpuMsPerRequest,
    problem,
  };
}
