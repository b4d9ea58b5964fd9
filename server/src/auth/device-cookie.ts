// Brings in @fastify/cookie's request.cookies / reply.setCookie types wherever this file is
// compiled (web/ type-checks the server's router through the tRPC context, without app.ts).
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { IssuedDeviceToken } from './device-tokens.js';
import type { LoginClient } from './login-client.js';
import type { IssuedPageToken } from './sessions.js';
import { setPageCookie } from './page-cookie.js';

/** The cookie a browser keeps its device token in (HttpOnly: scripts never see it). */
export const DEVICE_COOKIE = 'recipehub_device';
/** Where clients that keep no cookies send the token instead (documented in openapi/). */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** The device token a request presents: the header when given, else the cookie. */
export function readDeviceToken(request: FastifyRequest): string | undefined {
  const header = request.headers[DEVICE_TOKEN_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  return request.cookies[DEVICE_COOKIE];
}

/**
 * The login client for either face (REST handler or tRPC context): its IP, the device token it
 * presented, and a cookie for the token it earns. The cookie's path is "/" so that both the REST
 * login and tRPC (batched calls share one URL under /trpc) receive it.
 */
export function loginClientOf(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'publicUrl'>,
  { tokenHeader = false, pageCookie = false }: { tokenHeader?: boolean; pageCookie?: boolean } = {},
): LoginClient {
  return {
    // The web app's login (tRPC) also gets the dashboard's page cookie; REST clients do not.
    ...(pageCookie && {
      rememberPage: (page: IssuedPageToken) => setPageCookie(reply, config, page),
    }),
    ip: request.ip,
    deviceToken: readDeviceToken(request),
    rememberDevice(device: IssuedDeviceToken) {
      // REST clients on another origin never get the cookie back (SameSite=Strict) and cannot
      // read Set-Cookie, so the REST login also hands the token over in a header they can keep.
      // The web app's tRPC login does not: there the token stays in the HttpOnly cookie.
      if (tokenHeader) void reply.header(DEVICE_TOKEN_HEADER, device.token);
      void reply.setCookie(DEVICE_COOKIE, device.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.publicUrl.startsWith('https:'),
        expires: device.expiresAt,
      });
    },
  };
}
