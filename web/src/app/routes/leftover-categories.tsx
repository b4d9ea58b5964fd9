import { CategoriesPage } from '../../features/leftovers/categories-page';

export function Component() {
  return <CategoriesPage />;
}
