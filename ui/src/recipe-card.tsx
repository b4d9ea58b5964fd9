import { CalendarDays, User } from 'lucide-react';
import { Button } from './button';
import { formatDate } from './format';
import { Image } from './image';
import type { RenderLink } from './link';
import './recipe-card.css';

const defaultRenderLink: RenderLink = ({ href, ...props }) => <a href={href} {...props} />;

export type RecipeCardProps = {
  title: string;
  /** Added to the card's own class (e.g. a grid's sizing). */
  className?: string;
  imageSrc?: string | null;
  /** Category names; an empty list shows "Uncategorized". */
  categories: string[];
  /** The author's display name; missing shows "Anonymous". */
  author?: string | null;
  /** ISO timestamp of creation. */
  sharedOn: string;
  /** The detail page, e.g. /recipes/12?fromPage=3. */
  href: string;
  renderLink?: RenderLink;
  headingLevel?: 'h2' | 'h3';
  /** `lazy` for cards below the fold; `eager` (with `imagePriority`) for the first visible one. */
  imageLoading?: 'eager' | 'lazy';
  /** Fetch the image first: the largest contentful paint of the page. */
  imagePriority?: boolean;
};

export function RecipeCard({
  title,
  imageSrc,
  categories,
  author,
  sharedOn,
  href,
  renderLink = defaultRenderLink,
  headingLevel: Heading = 'h3',
  imageLoading,
  imagePriority = false,
  className,
}: RecipeCardProps) {
  return (
    <article className={className ? `rh-recipe-card ${className}` : 'rh-recipe-card'}>
      <Image
        className="rh-recipe-card__image"
        src={imageSrc ?? undefined}
        alt=""
        width={400}
        height={180}
        loading={imageLoading}
        fetchPriority={imagePriority ? 'high' : undefined}
      />
      <div className="rh-recipe-card__body">
        <Heading className="rh-recipe-card__title">{title}</Heading>
        <ul className="rh-recipe-card__categories" aria-label="Categories">
          {(categories.length > 0 ? categories : ['Uncategorized']).map((name) => (
            <li key={name} className="rh-recipe-card__category">
              {name}
            </li>
          ))}
        </ul>
        <p className="rh-recipe-card__meta">
          <User size={14} aria-hidden /> {author || 'Anonymous'}
        </p>
        <p className="rh-recipe-card__meta">
          <CalendarDays size={14} aria-hidden /> Shared on{' '}
          <time dateTime={sharedOn}>{formatDate(sharedOn)}</time>
        </p>
        <div className="rh-recipe-card__action">
          <Button asChild variant="primary">
            {renderLink({
              href,
              children: (
                <>
                  View Full Recipe<span className="rh-visually-hidden">: {title}</span>
                </>
              ),
            })}
          </Button>
        </div>
      </div>
    </article>
  );
}
