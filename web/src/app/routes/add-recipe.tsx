import { AddRecipePage } from '../../features/recipe-form/add-recipe-page';

export function Component() {
  return <AddRecipePage />;
}
