// Brings in @fastify/cookie's request.cookies / reply.setCookie types wherever this file is
// compiled (web/ type-checks the server's router through the tRPC context, without app.ts).
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { IssuedPageToken } from './sessions.js';

/**
 * The cookie that lets the server render a member's own dashboard (modules/accounts/
 * page-viewer.ts). Least privilege: HttpOnly (scripts never see it), SameSite=Lax (a link from
 * elsewhere to the dashboard still renders it; no other site's form or fetch carries it), sent
 * only under /dashboard/ (the pages it renders: never to /api/ or /trpc/, which ignore it anyway),
 * and it dies with its login session.
 */
export const PAGE_COOKIE = 'recipehub_page';
export const PAGE_COOKIE_PATH = '/dashboard/';

function cookieOptions(config: Pick<AppConfig, 'publicUrl'>) {
  return {
    path: PAGE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
}

export function readPageCookie(request: FastifyRequest): string | undefined {
  return request.cookies[PAGE_COOKIE];
}

/** Max-Age is the login session's own lifetime at sign-in (its expiry may slide later, not this). */
export function setPageCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'publicUrl'>,
  page: IssuedPageToken,
  now: Date = new Date(),
) {
  const maxAge = Math.max(0, Math.floor((page.expiresAt.getTime() - now.getTime()) / 1000));
  void reply.setCookie(PAGE_COOKIE, page.token, { ...cookieOptions(config), maxAge });
}

/** Logout: the browser drops the cookie (its session is revoked as well). */
export function clearPageCookie(reply: FastifyReply, config: Pick<AppConfig, 'publicUrl'>) {
  void reply.setCookie(PAGE_COOKIE, '', { ...cookieOptions(config), maxAge: 0 });
}
