import { UserInfoPage } from '../../features/account/user-info-page';

export function Component() {
  return <UserInfoPage />;
}
