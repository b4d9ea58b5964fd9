import { ProductsPage } from '../../features/leftovers/products-page';

export function Component() {
  return <ProductsPage />;
}
