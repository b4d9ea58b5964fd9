import {
  loginInput,
  profileUpdateInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  sendOtpInput,
  verifyOtpInput,
} from '@recipehub/openapi/schemas/accounts';
import { memberAccess, PUBLIC_ACCESS } from '../../auth/access.js';
import { defineUseCase, fromBody, NO_INPUT } from '../../auth/use-case.js';
import { parseInput } from '../../errors/field-errors.js';
import { login } from './login.js';
import { LOGOUT_ACCESS, logout } from './logout.js';
import { resetPassword, sendPasswordResetCode, verifyPasswordResetCode } from './password-reset.js';
import {
  GET_PROFILE_ACCESS,
  PROFILE_UPDATE_FAILED,
  UPDATE_PROFILE_ACCESS,
  getOwnProfile,
  updateOwnProfile,
} from './profile.js';
import { readProfileForm } from './profile-form.js';
import { REGISTER_FAILED, register } from './register.js';
import { resendVerification } from './resend-verification.js';

/**
 * The account calls (sign-in and the caller's own profile), each declared once over its use
 * case; both faces answer what the REST call's success body holds, and REST's refusals are the
 * account envelope (`{status, message, errors?}`, http/account-envelope.ts). The Admin's user
 * calls are in user-admin-use-cases.ts, the verification link in verify-email.rest.ts.
 */

const ENVELOPE = 'account-envelope';

export const registerUseCase = defineUseCase({
  access: PUBLIC_ACCESS,
  input: registerInput,
  rest: {
    method: 'POST',
    path: '/api/accounts/register/',
    status: 201,
    read: fromBody(registerInput, REGISTER_FAILED),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation', validationMessage: REGISTER_FAILED },
  handle: (deps, _viewer, input, meta) => register(deps, input, meta),
});

export const resendVerificationUseCase = defineUseCase({
  access: PUBLIC_ACCESS,
  input: resendVerificationInput,
  rest: {
    method: 'POST',
    path: '/api/users/resend-verification/',
    alsoAt: ['/api/accounts/resend-verification/'],
    read: fromBody(resendVerificationInput),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  handle: (deps, _viewer, input, meta) => resendVerification(deps, input, meta),
});

/**
 * Checks the credentials in its input; a bearer token sent along is ignored. The client's device
 * token comes in and goes out through the face's cookies (REST also hands it over in a header).
 */
export const loginUseCase = defineUseCase({
  access: PUBLIC_ACCESS,
  input: loginInput,
  token: 'ignore',
  rest: {
    method: 'POST',
    path: '/api/accounts/login/',
    read: fromBody(loginInput),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  handle: (deps, _viewer, input, meta) =>
    login(deps, input, meta.loginClient?.() ?? { ip: meta.ip }),
});

/** Revokes the caller's session and drops the dashboard's page cookie (REST 204, tRPC null). */
export const logoutUseCase = defineUseCase({
  access: LOGOUT_ACCESS,
  input: NO_INPUT,
  rest: {
    method: 'POST',
    path: '/api/accounts/logout/',
    status: 204,
    read: () => undefined,
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  async handle(deps, caller, _input, meta) {
    await logout(deps, caller);
    // REST logins get no page cookie, but a browser that has one from the web app drops it.
    meta.clearPageCookie?.();
    return null;
  },
});

export const sendOtpUseCase = defineUseCase({
  access: PUBLIC_ACCESS,
  input: sendOtpInput,
  rest: {
    method: 'POST',
    path: '/api/accounts/send-otp/',
    read: fromBody(sendOtpInput),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  handle: (deps, _viewer, input, meta) => sendPasswordResetCode(deps, input, meta),
});

export const verifyOtpUseCase = defineUseCase({
  access: PUBLIC_ACCESS,
  input: verifyOtpInput,
  rest: {
    method: 'POST',
    path: '/api/accounts/verify-otp/',
    read: fromBody(verifyOtpInput),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  handle: (deps, _viewer, input, meta) => verifyPasswordResetCode(deps, input, meta),
});

/**
 * Only the short-lived reset token from verify-otp. The body is read before the token is asked
 * for, as the REST façade always did (a missing token is 401 after a valid body).
 */
export const resetPasswordUseCase = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: resetPasswordInput,
  token: 'password-reset',
  rest: {
    method: 'POST',
    path: '/api/accounts/reset-password/',
    read: fromBody(resetPasswordInput),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  handle: (deps, caller, input, meta) =>
    // The web app's (tRPC's) new login session also gets its page cookie; REST's does not.
    resetPassword(deps, caller, input, {
      ip: meta.ip,
      rememberPage: meta.loginClient?.().rememberPage,
    }),
});

export const profileUseCase = defineUseCase({
  access: GET_PROFILE_ACCESS,
  input: NO_INPUT,
  rest: { method: 'GET', path: '/api/accounts/profile/', read: () => undefined, errors: ENVELOPE },
  trpc: { kind: 'query' },
  handle: (deps, caller) => getOwnProfile(deps, caller),
});

/**
 * The caller's names, mobile, password and profile; on REST also as a multipart form with a
 * picture (`profile.image`, REST only: tRPC carries JSON).
 */
export const updateProfileUseCase = defineUseCase({
  access: UPDATE_PROFILE_ACCESS,
  input: profileUpdateInput,
  rest: {
    method: 'PUT',
    path: '/api/accounts/profile/update/',
    async readForm(request) {
      const { body, image } = request.isMultipart()
        ? await readProfileForm(request)
        : { body: request.body, image: undefined };
      return { ...parseInput(profileUpdateInput, body, PROFILE_UPDATE_FAILED), image };
    },
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation', validationMessage: PROFILE_UPDATE_FAILED },
  handle: (deps, caller, { image, ...input }) => updateOwnProfile(deps, caller, input, image),
});

/** The account calls, as tRPC names them (`accounts.login`, ...); REST takes each one's path. */
export const ACCOUNT_USE_CASES = {
  register: registerUseCase,
  resendVerification: resendVerificationUseCase,
  login: loginUseCase,
  logout: logoutUseCase,
  sendOtp: sendOtpUseCase,
  verifyOtp: verifyOtpUseCase,
  resetPassword: resetPasswordUseCase,
  profile: profileUseCase,
  updateProfile: updateProfileUseCase,
};
