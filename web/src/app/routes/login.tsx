import { LoginPage } from '../../features/account/login-page';

export function Component() {
  return <LoginPage />;
}
