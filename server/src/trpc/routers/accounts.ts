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
import { login } from '../../modules/accounts/login.js';
import { logout } from '../../modules/accounts/logout.js';
import {
  resetPassword,
  sendPasswordResetCode,
  verifyPasswordResetCode,
} from '../../modules/accounts/password-reset.js';
import {
  PROFILE_UPDATE_FAILED,
  getOwnProfile,
  updateOwnProfile,
} from '../../modules/accounts/profile.js';
import { REGISTER_FAILED, register } from '../../modules/accounts/register.js';
import { resendVerification } from '../../modules/accounts/resend-verification.js';
import { getUser, listUsers, updateUserRole } from '../../modules/accounts/user-admin.js';
import {
  adminProcedure,
  authedProcedure,
  credentialsProcedure,
  publicProcedure,
  resetTokenProcedure,
  router,
} from '../trpc.js';

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
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.viewer);
    return null;
  }),
  sendOtp: publicProcedure
    .input(sendOtpInput)
    .mutation(({ ctx, input }) => sendPasswordResetCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOtp: publicProcedure
    .input(verifyOtpInput)
    .mutation(({ ctx, input }) => verifyPasswordResetCode(ctx.deps, input, { ip: ctx.ip })),
  resetPassword: resetTokenProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, ctx.viewer, input, { ip: ctx.ip })),
  profile: authedProcedure.query(({ ctx }) => getOwnProfile(ctx.deps, ctx.viewer)),
  updateProfile: authedProcedure
    .meta({ validationMessage: PROFILE_UPDATE_FAILED })
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx.deps, ctx.viewer, input)),
  users: router({
    list: adminProcedure.query(({ ctx }) => listUsers(ctx.deps, ctx.viewer)),
    get: adminProcedure
      .input(userEmailInput)
      .query(({ ctx, input }) => getUser(ctx.deps, ctx.viewer, input.email)),
    updateRole: adminProcedure
      .input(userEmailInput.extend(roleUpdateInput.shape))
      .mutation(({ ctx, input }) =>
        updateUserRole(ctx.deps, ctx.viewer, input.email, { role: input.role }),
      ),
  }),
});
