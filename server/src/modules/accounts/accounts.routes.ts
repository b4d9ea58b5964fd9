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
import { loginClientOf } from '../../http/device-cookie.js';
import type { ServiceDeps } from '../service-deps.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { resetPassword, sendPasswordResetCode, verifyPasswordResetCode } from './password-reset.js';
import { PROFILE_UPDATE_FAILED, getOwnProfile, updateOwnProfile } from './profile.js';
import { PROFILE_FORM_LIMITS, readProfileForm } from './profile-form.js';
import { REGISTER_FAILED, register } from './register.js';
import { resendVerification } from './resend-verification.js';
import { getUser, listUsers, updateUserRole } from './user-admin.js';
import { verifyEmail } from './verify-email.js';

/**
 * The account, profile and admin-user calls of the REST façade: thin handlers that parse with the
 * use case's schema, call it, and shape the answer per openapi/. Errors use the account envelope.
 */
export async function accountsRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerAccountErrorHandler(app);
  await app.register(multipart, { limits: PROFILE_FORM_LIMITS });
  const meta = (request: FastifyRequest) => ({ ip: request.ip });

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
    await logout(deps, request.viewer);
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

  app.get('/api/accounts/profile/', async (request) => getOwnProfile(deps, request.viewer));

  app.put('/api/accounts/profile/update/', async (request, reply) => {
    const { body, image } = request.isMultipart()
      ? await readProfileForm(request).catch((error: unknown) => {
          // Refused before the body was read to its end: close the connection after the answer
          // rather than read (and discard) the rest of what the client is still sending.
          reply.header('connection', 'close');
          throw error;
        })
      : { body: request.body, image: undefined };
    const input = parseInput(profileUpdateInput, body, PROFILE_UPDATE_FAILED);
    return updateOwnProfile(deps, request.viewer, input, image);
  });

  app.get('/api/accounts/profile/all/', async (request) => listUsers(deps, request.viewer));

  app.get<{ Params: { email: string } }>('/api/accounts/profile/:email/', async (request) =>
    getUser(deps, request.viewer, parseInput(userEmailInput, request.params).email),
  );

  app.put<{ Params: { email: string } }>(
    '/api/accounts/profile/:email/update-role/',
    async (request) => {
      const { email } = parseInput(userEmailInput, request.params);
      return updateUserRole(deps, request.viewer, email, parseInput(roleUpdateInput, request.body));
    },
  );
}
