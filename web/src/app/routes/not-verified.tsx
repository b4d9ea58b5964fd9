import { NotVerifiedPage } from '../../features/account/not-verified-page';

export function Component() {
  return <NotVerifiedPage />;
}
