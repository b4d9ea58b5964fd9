import { useParams } from 'react-router';
import { RecipeDetailPage } from '../../features/recipe-detail/recipe-detail-page';

export function Component() {
  const { id } = useParams();
  // A new id is a new page: no state (open dialogs, drafts) carries over.
  return <RecipeDetailPage key={id} idParam={id} />;
}
