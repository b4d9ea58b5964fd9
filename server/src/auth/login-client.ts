import type { IssuedDeviceToken } from './device-tokens.js';
import type { IssuedPageToken } from './sessions.js';
import type { RequestMeta } from '../modules/shared/service-deps.js';

/** The signing-in client as both faces see it: its IP and the device token it presented. */
export interface LoginClient extends RequestMeta {
  /** From the device cookie or the X-Device-Token header (auth/device-cookie.ts). */
  deviceToken?: string | undefined;
  /** Hands the client its device token after a successful sign-in (the faces set the cookie). */
  rememberDevice?: (device: IssuedDeviceToken) => void;
  /**
   * Present for the web app's tRPC login only: hands it the page token of its new login session
   * (the faces set the dashboard's page cookie, auth/page-cookie.ts). Other clients get none.
   */
  rememberPage?: (page: IssuedPageToken) => void;
}
