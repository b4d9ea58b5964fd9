import { SalePage } from '../../features/leftovers/sale-page';

export function Component() {
  return <SalePage />;
}
