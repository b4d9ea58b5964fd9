import {
  loginInput,
  profileUpdateInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  roleUpdateInput,
  sendOtpInput,
  userEmailInput,
  verifyOtpInput,
} from '@recipehub/openapi/schemas/accounts';
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
import { accessProcedure, accessQuery } from '../../trpc/access-procedure.js';
import {
  credentialsProcedure,
  publicProcedure,
  resetTokenProcedure,
  router,
} from '../../trpc/trpc.js';

/**
 * The account calls of the REST façade (accounts.routes.ts), over the same use cases and schemas;
 * each answers what the REST call's success body holds. Profile pictures are uploaded through
 * REST multipart (tRPC carries JSON).
 */
export const accountsRouter = router({
  register: publicProcedure
    .meta({ validationMessage: REGISTER_FAILED })
    .input(registerInput)
    .mutation(({ ctx, input }) => register(ctx.deps, input, { ip: ctx.ip })),
  resendVerification: publicProcedure
    .input(resendVerificationInput)
    .mutation(({ ctx, input }) => resendVerification(ctx.deps, input, { ip: ctx.ip })),
  login: credentialsProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) => login(ctx.deps, input, ctx.loginClient ?? { ip: ctx.ip })),
  logout: accessQuery(LOGOUT_ACCESS).mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.viewer);
    ctx.clearPageCookie?.();
    return null;
  }),
  sendOtp: publicProcedure
    .input(sendOtpInput)
    .mutation(({ ctx, input }) => sendPasswordResetCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOtp: publicProcedure
    .input(verifyOtpInput)
    .mutation(({ ctx, input }) => verifyPasswordResetCode(ctx.deps, input, { ip: ctx.ip })),
  resetPassword: resetTokenProcedure.input(resetPasswordInput).mutation(({ ctx, input }) =>
    resetPassword(ctx.deps, ctx.viewer, input, {
      ip: ctx.ip,
      rememberPage: ctx.loginClient?.rememberPage,
    }),
  ),
  profile: accessQuery(GET_PROFILE_ACCESS).query(({ ctx }) => getOwnProfile(ctx.deps, ctx.viewer)),
  updateProfile: accessProcedure(UPDATE_PROFILE_ACCESS, profileUpdateInput, {
    validationMessage: PROFILE_UPDATE_FAILED,
  }).mutation(({ ctx, input }) => updateOwnProfile(ctx.deps, ctx.viewer, input)),
  users: router({
    list: accessQuery(LIST_USERS_ACCESS).query(({ ctx }) => listUsers(ctx.deps, ctx.viewer)),
    get: accessProcedure(GET_USER_ACCESS, userEmailInput).query(({ ctx, input }) =>
      getUser(ctx.deps, ctx.viewer, input.email),
    ),
    updateRole: accessProcedure(
      UPDATE_USER_ROLE_ACCESS,
      userEmailInput.extend(roleUpdateInput.shape),
    ).mutation(({ ctx, input }) =>
      updateUserRole(ctx.deps, ctx.viewer, input.email, { role: input.role }),
    ),
  }),
});
