import { Link } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { NotFound } from '@recipehub/ui/not-found';
import { paths } from '../../lib/paths';

/** No such recipe, or no valid id in the address: the recipe page's and cook mode's 404. */
export function RecipeNotFound() {
  return (
    <main className="page page--narrow">
      <NotFound
        variant="recipe"
        action={
          <Button asChild>
            <Link to={paths.home}>Back to Home</Link>
          </Button>
        }
      />
    </main>
  );
}
