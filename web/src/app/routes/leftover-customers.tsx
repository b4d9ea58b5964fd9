import { CustomersPage } from '../../features/leftovers/customers-page';

export function Component() {
  return <CustomersPage />;
}
