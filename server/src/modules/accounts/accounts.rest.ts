import {
  loginInput,
  resetPasswordInput,
  sendOtpInput,
  verifyOtpInput,
  profileUpdateInput,
  registerInput,
  resendVerificationInput,
  roleUpdateInput,
  userEmailInput,
} from '@recipehub/openapi/schemas/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { parseInput } from '../../errors/field-errors.js';
import { registerAccountErrorHandler } from '../../http/account-envelope.js';
import { loginPageUrl, verificationRedirect } from '../../http/verification-redirect.js';
import { loginClientOf } from '../../auth/device-cookie.js';
import { clearPageCookie } from '../../auth/page-cookie.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit, admitAsync, requireAccess } from '../../auth/access.js';
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
import { PROFILE_FORM_LIMITS, readProfileForm } from './profile-form.js';
import { REGISTER_FAILED, register } from './register.js';
import { resendVerification } from './resend-verification.js';
import {
  GET_USER_ACCESS,
  LIST_USERS_ACCESS,
  UPDATE_USER_ROLE_ACCESS,
  getUser,
  listUsers,
  updateUserRole,
} from './user-admin.js';
import { verifyEmail } from './verify-email.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip });

/**
 * The account, profile and admin-user calls of the REST façade: thin handlers that parse with the
 * use case's schema, call it, and shape the answer per openapi/. Errors use the account envelope.
 */
export async function accountsRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerAccountErrorHandler(app);
  await app.register(multipart, { limits: PROFILE_FORM_LIMITS });
  // One plugin scope for all three groups: they share the account envelope and multipart.
  signInRoutes(app, deps);
  profileRoutes(app, deps);
  userAdminRoutes(app, deps);
}

/** Register, verify, resend, login, logout and the password reset. */
function signInRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post('/api/accounts/register/', async (request, reply) => {
    const input = parseInput(registerInput, request.body, REGISTER_FAILED);
    return reply.status(201).send(await register(deps, input, meta(request)));
  });

  app.get<{ Params: { token: string } }>(
    '/api/accounts/verify-email/:token/',
    { config: { bearer: 'ignore' } },
    async (request, reply) => {
      const result = await verifyEmail(deps, request.params.token);
      return verificationRedirect(reply, result, loginPageUrl(deps.config));
    },
  );

  for (const url of ['/api/users/resend-verification/', '/api/accounts/resend-verification/']) {
    app.post(url, async (request) =>
      resendVerification(deps, parseInput(resendVerificationInput, request.body), meta(request)),
    );
  }

  app.post('/api/accounts/login/', { config: { bearer: 'ignore' } }, async (request, reply) =>
    login(
      deps,
      parseInput(loginInput, request.body),
      loginClientOf(request, reply, deps.config, { tokenHeader: true }),
    ),
  );

  app.post('/api/accounts/logout/', async (request, reply) => {
    requireAccess(LOGOUT_ACCESS, request.viewer);
    await logout(deps, request.viewer);
    // REST logins get no page cookie, but a browser that has one from the web app drops it.
    clearPageCookie(reply, deps.config);
    return reply.status(204).send();
  });

  app.post('/api/accounts/send-otp/', async (request) =>
    sendPasswordResetCode(deps, parseInput(sendOtpInput, request.body), meta(request)),
  );

  app.post('/api/accounts/verify-otp/', async (request) =>
    verifyPasswordResetCode(deps, parseInput(verifyOtpInput, request.body), meta(request)),
  );

  app.post(
    '/api/accounts/reset-password/',
    { config: { bearer: 'password-reset' } },
    async (request) =>
      resetPassword(
        deps,
        request.viewer,
        parseInput(resetPasswordInput, request.body),
        meta(request),
      ),
  );
}

/** The caller's own profile: read it, update it (JSON or multipart with a picture). */
function profileRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/accounts/profile/', async (request) => {
    requireAccess(GET_PROFILE_ACCESS, request.viewer);
    return getOwnProfile(deps, request.viewer);
  });

  app.put('/api/accounts/profile/update/', async (request, reply) => {
    const { input, image } = await admitAsync(UPDATE_PROFILE_ACCESS, request.viewer, async () => {
      const { body, image } = request.isMultipart()
        ? await readProfileForm(request)
        : { body: request.body, image: undefined };
      return { input: parseInput(profileUpdateInput, body, PROFILE_UPDATE_FAILED), image };
    }).catch((error: unknown) => {
      // Refused before the body was read to its end (a 401 before the form, a form too large):
      // close the connection after the answer rather than read (and discard) the rest of what
      // the client is still sending.
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw error;
    });
    return updateOwnProfile(deps, request.viewer, input, image);
  });
}

/** The Admin's user list, one user, and role changes. */
function userAdminRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/accounts/profile/all/', async (request) => {
    requireAccess(LIST_USERS_ACCESS, request.viewer);
    return listUsers(deps, request.viewer);
  });

  app.get<{ Params: { email: string } }>('/api/accounts/profile/:email/', async (request) => {
    const { email } = admit(GET_USER_ACCESS, request.viewer, () =>
      parseInput(userEmailInput, request.params),
    );
    return getUser(deps, request.viewer, email);
  });

  app.put<{ Params: { email: string } }>(
    '/api/accounts/profile/:email/update-role/',
    async (request) => {
      const { email, input } = admit(UPDATE_USER_ROLE_ACCESS, request.viewer, () => ({
        email: parseInput(userEmailInput, request.params).email,
        input: parseInput(roleUpdateInput, request.body),
      }));
      return updateUserRole(deps, request.viewer, email, input);
    },
  );
}
