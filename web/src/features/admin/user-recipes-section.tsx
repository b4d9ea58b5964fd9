import { useState } from 'react';
import { Link } from 'react-router';
import { recipePageCount } from '@recipehub/openapi/limits';
import { EmptyState } from '@recipehub/ui/empty-state';
import { formatDate } from '@recipehub/ui/format';
import { Image } from '@recipehub/ui/image';
import { Pagination } from '@recipehub/ui/pagination';
import { Spinner } from '@recipehub/ui/spinner';
import { paths } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { serverMessage } from '../../lib/trpc-errors';
import { useErrorToast } from '../../lib/use-error-toast';
import type { UserRecipe } from './admin-types';
import { previewText } from './user-filters';

/**
 * One user's recipes, a page at a time, read while the profile loads (not after it); the failure
 * is toasted unless the user does not exist (`notFound`, which the page says instead).
 */
export function useUserRecipes(email: string, notFound: boolean) {
  // The server pages a user's recipes; the page belongs to this email (another user starts at 1),
  // and the previous page stays on screen while the next loads.
  const [pageOf, setPageOf] = useState({ email, page: 1 });
  const page = pageOf.email === email ? pageOf.page : 1;
  const setPage = (next: number) => setPageOf({ email, page: next });
  const query = trpc.recipes.byUser.useQuery(
    { email, page },
    { enabled: email !== '' && !notFound, placeholderData: (previous) => previous },
  );
  const failure = query.error
    ? `Failed to fetch user recipes: ${serverMessage(query.error) ?? 'no response from the server.'}`
    : '';
  useErrorToast(notFound ? null : query.error, failure);
  return { query, page, setPage, failure };
}

/** The user's recipes with their count and pages, or why there are none. */
export function UserRecipesSection({ recipes }: { recipes: ReturnType<typeof useUserRecipes> }) {
  const { query, page, setPage, failure } = recipes;
  return (
    <section aria-labelledby="user-recipes-title" className="admin-section">
      <h2 id="user-recipes-title" className="admin-subtitle">
        Recipes
        {query.data && <span className="admin-count"> ({query.data.count})</span>}
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the user's recipes…" />
      ) : query.isError ? (
        <EmptyState title={failure} />
      ) : query.data.results.data.length === 0 ? (
        <EmptyState title="This user has not shared any recipes yet." />
      ) : (
        <>
          <ul className="admin-recipe-list">
            {query.data.results.data.map((recipe) => (
              <RecipeItem key={recipe.id} recipe={recipe} />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={recipePageCount(query.data.count)}
            onPageChange={setPage}
            label="The user's recipe pages"
          />
        </>
      )}
    </section>
  );
}

function RecipeItem({ recipe }: { recipe: UserRecipe }) {
  return (
    <li className="admin-recipe">
      <Image
        src={recipe.img ?? undefined}
        alt=""
        width={96}
        height={72}
        loading="lazy"
        className="admin-recipe__image"
      />
      <div className="admin-recipe__body">
        <h3 className="admin-recipe__title">
          <Link to={paths.recipe(recipe.id)}>{recipe.title}</Link>
        </h3>
        <p className="admin-muted">
          {recipe.category_names.length > 0 ? recipe.category_names.join(', ') : 'Uncategorized'}
          {' · '}
          <time dateTime={recipe.created_on}>{formatDate(recipe.created_on)}</time>
        </p>
        <p className="admin-recipe__preview">{previewText(recipe.instructions)}</p>
      </div>
    </li>
  );
}
