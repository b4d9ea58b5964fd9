import { CalendarDays, User } from 'lucide-react';
import { formatDateTime } from '@recipehub/ui/format';
import { Picture } from '@recipehub/ui/picture';
import { Skeleton } from '@recipehub/ui/spinner';
import { StarRatingDisplay } from '@recipehub/ui/star-rating';
import { OwnerActions } from './owner-actions';
import { RecipeEngagement } from './recipe-engagement';
import { RecipeSource } from './recipe-source';
import { RecipeTools } from './recipe-tools';
import type { RecipeDetail } from './types';

/**
 * The photo and, beside it, the title, categories, author, date, source, rating, tools, reactions
 * and the owner's actions. The server renders the same hero into the page
 * (server/src/modules/recipe-pages/recipe-page-hero.ts): keep the two laid out alike.
 */
export function RecipeHero({ recipe, author }: { recipe: RecipeDetail; author: string }) {
  return (
    <div className="recipe-hero">
      <Picture
        className="recipe-hero__image"
        src={recipe.photo?.src ?? recipe.img}
        sources={recipe.photo?.sources}
        placeholder={recipe.photo?.placeholder}
        sizes="(min-width: 48rem) 50vw, 100vw"
        alt={recipe.title}
        width={800}
        height={500}
        priority
      />
      <div className="recipe-hero__info">
        <h1 className="recipe-hero__title">{recipe.title}</h1>
        <ul className="recipe-categories" aria-label="Categories">
          {(recipe.category_names.length > 0 ? recipe.category_names : ['Uncategorized']).map(
            (name) => (
              <li key={name} className="recipe-categories__item">
                {name}
              </li>
            ),
          )}
        </ul>
        <p className="recipe-meta">
          <User size={16} aria-hidden /> By {author}
        </p>
        <p className="recipe-meta">
          <CalendarDays size={16} aria-hidden /> Created on
          <time dateTime={recipe.created_on}>{formatDateTime(recipe.created_on)}</time>
        </p>
        {recipe.source_url && <RecipeSource url={recipe.source_url} />}
        {recipe.review_count > 0 && recipe.average_rating !== null && (
          <p className="recipe-meta">
            <StarRatingDisplay value={recipe.average_rating} />
            {recipe.average_rating.toFixed(1)} ({recipe.review_count}{' '}
            {recipe.review_count === 1 ? 'review' : 'reviews'})
          </p>
        )}
        <RecipeTools recipeId={recipe.id} />
        <RecipeEngagement recipe={recipe} />
        {recipe.can_edit && <OwnerActions recipe={recipe} />}
      </div>
    </div>
  );
}

/** The hero's placeholder while the recipe loads, laid out as the hero (no shift). */
export function RecipeHeroSkeleton() {
  return (
    <div className="recipe-hero" role="status" aria-label="Loading recipe">
      <Skeleton className="recipe-hero__image" height="auto" />
      <div className="recipe-hero__info">
        <Skeleton width="70%" height="2.25rem" />
        <Skeleton width="40%" />
        <Skeleton width="55%" />
        <Skeleton width="100%" height="2.75rem" />
      </div>
    </div>
  );
}
