import { CalendarDays, User } from 'lucide-react';
import { Button } from './button';
import { formatDate } from './format';
import { Picture, type PictureSource } from './picture';
import type { RenderLink } from './link';
import './recipe-card.css';

const defaultRenderLink: RenderLink = ({ href, ...props }) => <a href={href} {...props} />;

export type RecipeCardProps = {
  title: string;
  /** Added to the card's own class (e.g. a grid's sizing). */
  className?: string;
  imageSrc?: string | null;
  /** An uploaded photo's AVIF and WebP `srcset`s (the `<img>` falls back to `imageSrc`). */
  imageSources?: readonly PictureSource[];
  /** Its ThumbHash, painted until the photo arrives (and instead of a broken image). */
  imagePlaceholder?: string | null;
  /** How wide the card's image is on screen; the default fits the home and list grids. */
  imageSizes?: string;
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
  /** The first visible card: its image loads eagerly, with high priority (the page's LCP). */
  imagePriority?: boolean;
};

export function RecipeCard({
  title,
  imageSrc,
  imageSources,
  imagePlaceholder,
  imageSizes = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw',
  categories,
  author,
  sharedOn,
  href,
  renderLink = defaultRenderLink,
  headingLevel: Heading = 'h3',
  imagePriority = false,
  className,
}: RecipeCardProps) {
  return (
    <article className={className ? `rh-recipe-card ${className}` : 'rh-recipe-card'}>
      <Picture
        className="rh-recipe-card__image"
        src={imageSrc}
        sources={imageSources}
        placeholder={imagePlaceholder}
        sizes={imageSizes}
        alt=""
        width={400}
        height={180}
        priority={imagePriority}
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
