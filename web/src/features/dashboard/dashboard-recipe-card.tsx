import type { ReactNode } from 'react';
import { formatDate } from '@recipehub/ui/format';
import { Picture } from '@recipehub/ui/picture';
import { DASHBOARD_CARD_SIZES } from './dashboard-card-sizes';
import type { DashboardRecipe } from './types';
import './dashboard.css';

const authorName = (recipe: DashboardRecipe) =>
  [recipe.user.firstName, recipe.user.lastName].filter(Boolean).join(' ') || 'Anonymous';

/**
 * A recipe card with the dashboard's own actions (Edit/Delete, View/Remove). ui's RecipeCard has
 * one fixed action (View Full Recipe), so this composes ui's Picture and Button instead.
 */
export function DashboardRecipeCard({
  recipe,
  actions,
  priority = false,
}: {
  recipe: DashboardRecipe;
  actions: ReactNode;
  /** The first card: its photo loads eagerly with high priority (ui's Picture). */
  priority?: boolean;
}) {
  const categories = recipe.category_names.length > 0 ? recipe.category_names : ['Uncategorized'];
  return (
    <article className="dash-card">
      <Picture
        className="dash-card__image"
        src={recipe.photo?.src ?? recipe.img}
        sources={recipe.photo?.sources}
        placeholder={recipe.photo?.placeholder}
        sizes={DASHBOARD_CARD_SIZES}
        alt=""
        width={400}
        height={180}
        priority={priority}
      />
      <div className="dash-card__body">
        <h3 className="dash-card__title">{recipe.title}</h3>
        <ul className="dash-card__categories" aria-label="Categories">
          {categories.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <p className="dash-card__meta">
          By {authorName(recipe)} ·{' '}
          <time dateTime={recipe.created_on}>{formatDate(recipe.created_on)}</time>
        </p>
        <div className="dash-card__actions">{actions}</div>
      </div>
    </article>
  );
}
