// The part of autocannon 9's programmatic API the bench uses (the package ships no types, and
// @types/autocannon describes an older major).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    /** Sent in turn by every connection; setupRequest may rewrite each one before it is sent. */
    requests?: Request[];
  }
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface Request extends RequestParams {
    /** Called before every send of this request; returns the request to send. */
    setupRequest?(request: RequestParams, context: Record<string, unknown>): RequestParams;
  }
  export interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Result {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Stats;
    requests: Stats & { sent: number };
    throughput: Stats;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
