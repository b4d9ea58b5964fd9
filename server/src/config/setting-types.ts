/*
 * The types of settings that config.ts and its readers (scalar-settings.ts, network-settings.ts)
 * share: in a file of their own, so the readers need not import config.ts, which imports them.
 */

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'mysql'; url: string };

/** CORS_ORIGINS as read: exact origins, `*`, or none. */
export type CorsOrigins = string[] | '*' | undefined;

/**
 * Which proxies may say who the client is (X-Forwarded-For), as Fastify's `trustProxy` takes it:
 * `false` (none: request.ip is the socket's address), a hop count, or proxy addresses/CIDRs.
 */
export type TrustProxy = false | number | string[];
