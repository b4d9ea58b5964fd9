import { SetNewPasswordPage } from '../../features/password-reset/set-new-password-page';

export function Component() {
  return <SetNewPasswordPage />;
}
