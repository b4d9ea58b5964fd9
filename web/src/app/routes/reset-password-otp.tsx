import { ResetPasswordOtpPage } from '../../features/password-reset/reset-password-otp-page';

export function Component() {
  return <ResetPasswordOtpPage />;
}
