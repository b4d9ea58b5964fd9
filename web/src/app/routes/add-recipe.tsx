import { AddRecipePage } from '../../features/recipe-form/add-recipe-page';
import { ImportFromLink } from '../../features/recipe-import/import-from-link';

export function Component() {
  return <AddRecipePage renderImport={(onDraft) => <ImportFromLink onDraft={onDraft} />} />;
}
