import { ResetPasswordPage } from '../../features/password-reset/reset-password-page';

export function Component() {
  return <ResetPasswordPage />;
}
