import { ChefHat, Printer } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { paths } from '../../lib/paths';

/**
 * Cook mode and print (issue 16). Cook mode takes the page's query along, so its amounts are the
 * ones scaled here and Exit comes back to the same page; printing prints this page, whose print
 * styles keep only the recipe (recipe-print.css).
 */
export function RecipeTools({ recipeId }: { recipeId: number }) {
  const location = useLocation();
  return (
    <div className="recipe-tools">
      <Button asChild variant="secondary">
        <Link to={`${paths.recipeCook(recipeId)}${location.search}`}>
          <ChefHat size={18} aria-hidden /> Cook mode
        </Link>
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer size={18} aria-hidden /> Print
      </Button>
    </div>
  );
}
