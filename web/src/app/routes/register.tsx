import { RegisterPage } from '../../features/account/register-page';

export function Component() {
  return <RegisterPage />;
}
