import { UpdateProfilePage } from '../../features/account/update-profile-page';

export function Component() {
  return <UpdateProfilePage />;
}
