import type { RecipeCardProps } from '@recipehub/ui/recipe-card';
import type { RouterOutputs } from '../../lib/router-types';

export type RecipePage = RouterOutputs['recipes']['list'];
export type RecipeSummary = RecipePage['results'][number];
export type Category = RouterOutputs['categories']['list'][number];

/** "Nusrat Jahan"; an author without a name (deleted account) has none. */
function authorName(user: RecipeSummary['user']): string | null {
  return `${user.firstName} ${user.lastName}`.trim() || null;
}

/** What a home card (ui's RecipeCard) shows of a recipe, alike on the slider and in the list. */
export function cardContent(recipe: RecipeSummary) {
  return {
    title: recipe.title,
    imageSrc: recipe.photo?.src ?? recipe.img,
    imageSources: recipe.photo?.sources,
    imagePlaceholder: recipe.photo?.placeholder,
    categories: recipe.category_names,
    author: authorName(recipe.user),
    sharedOn: recipe.created_on,
  } satisfies Partial<RecipeCardProps>;
}
