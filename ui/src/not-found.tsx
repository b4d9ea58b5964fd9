import type { ReactNode } from 'react';
import './empty-state.css';

export type NotFoundProps = {
  /** `recipe`: an unknown recipe id; `page`: any unknown route. */
  variant?: 'recipe' | 'page';
  /** The way home, e.g. a react-router <Link to="/">; rendered by the caller so routing stays in web. */
  action?: ReactNode;
};

const texts = {
  recipe: { title: 'Oops! No recipe found!', text: 'The page you are looking for was not found.' },
  page: { title: 'Page not found', text: 'The page you are looking for was not found.' },
} as const;

export function NotFound({ variant = 'page', action }: NotFoundProps) {
  const { title, text } = texts[variant];
  return (
    <section className="rh-not-found" aria-labelledby="rh-not-found-title">
      <p className="rh-not-found__code" aria-hidden>
        404
      </p>
      <h1 id="rh-not-found-title" className="rh-not-found__title">
        {title}
      </h1>
      <p className="rh-not-found__text">{text}</p>
      {action}
    </section>
  );
}
