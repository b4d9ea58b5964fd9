import type { ServerOptions } from 'node:http';

/**
 * How long a client may take to send a whole request, headers and body. Fastify 5 switches Node's
 * limit off by default, so a client that trickled a body (a byte now and then) held a connection
 * and a parser for as long as it liked. 60 s is enough for the largest request we take (a 5.5 MB
 * profile form) at about 1 Mbit/s; a slower request is answered 408 and its connection closed.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Fastify's server options for a request time limit. Node checks the limit on a timer
 * (`connectionsCheckingInterval`, 30 s by default, which would let a 60 s limit run to 90 s), so
 * the check runs every quarter of the limit (at most every 5 s); the headers must arrive within
 * the same limit.
 */
export function requestTimeoutOptions(requestTimeoutMs: number = REQUEST_TIMEOUT_MS): {
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}
