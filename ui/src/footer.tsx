import type { MouseEvent, ReactNode } from 'react';
import { LOGO_IMAGE, Logo } from './brand';
import type { RenderLink } from './link';
import './footer.css';

/** The spec's footer columns. Every entry is a dead placeholder without a route. */
export const FOOTER_COLUMNS = [
  { title: 'About Us', links: ['Our Story', 'Our Team', 'Our Mission', 'Contact Us'] },
  { title: 'Recipes', links: ['Breakfast Ideas', 'Lunch Recipes', 'Dinner Favorites', 'Desserts'] },
  {
    title: 'Community',
    links: ['Share Your Recipe', 'Join Discussions', 'Recipe Contests', 'Member Stories'],
  },
  { title: 'Support', links: ['Help Center', 'FAQs', 'Contact Support', 'Report an Issue'] },
] as const;

export const FOOTER_LEGAL_LINKS = ['Terms of Use', 'Privacy Policy', 'Cookie Policy'] as const;

export const COPYRIGHT = '© 2025. All Rights Reserved.';

const icon = (path: ReactNode) => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
    {path}
  </svg>
);

// Simple local brand glyphs: lucide no longer ships brand icons.
const SOCIAL = [
  {
    name: 'Facebook',
    icon: icon(<path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z" />),
  },
  {
    name: 'X',
    icon: icon(<path d="M4 3h4.5l4 5.6L17.5 3H20l-6.3 7.3L21 21h-4.5l-4.4-6.1L6.6 21H4l7-8.1z" />),
  },
  {
    name: 'LinkedIn',
    icon: icon(
      <path d="M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.6c0-1.4 0-3.2-2-3.2s-2 1.5-2 3.1V21h-4z" />,
    ),
  },
  {
    name: 'YouTube',
    icon: icon(
      <path d="M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15.1V8.9l5.2 3.1z" />,
    ),
  },
] as const;

// Placeholders stay links (as in the spec) but go nowhere.
const stay = (event: MouseEvent) => event.preventDefault();

const defaultRenderLink: RenderLink = ({ href, ...props }) => <a href={href} {...props} />;

export type FooterProps = {
  renderLink?: RenderLink;
  logoSrc?: string;
  /** The "Built by" credit: the author's name and external personal site. */
  builtBy?: { name: string; href: string };
};

export function Footer({
  renderLink = defaultRenderLink,
  logoSrc = LOGO_IMAGE,
  builtBy = { name: 'the RecipeHub team', href: 'https://example.com' },
}: FooterProps) {
  return (
    <footer className="rh-footer">
      <div className="rh-footer__inner">
        <div className="rh-footer__top">
          <div className="rh-footer__brand">
            {renderLink({
              href: '/',
              children: (
                <>
                  <Logo src={logoSrc} />
                  <span className="rh-brand-name" aria-hidden>
                    RecipeHub
                  </span>
                </>
              ),
            })}
            <p className="rh-footer__tagline">Share recipes, discover new favourites.</p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="rh-footer__heading">{column.title}</h2>
              <ul className="rh-footer__list">
                {column.links.map((label) => (
                  <li key={label}>
                    <a className="rh-footer__link" href="#" onClick={stay}>
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="rh-footer__bottom">
          <p className="rh-footer__copyright">
            {COPYRIGHT} Built by{' '}
            <a href={builtBy.href} target="_blank" rel="noreferrer">
              {builtBy.name}
            </a>
            .
          </p>
          <ul className="rh-footer__legal" aria-label="Legal">
            {FOOTER_LEGAL_LINKS.map((label) => (
              <li key={label}>
                <a className="rh-footer__link" href="#" onClick={stay}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
          <ul className="rh-footer__social" aria-label="Social media">
            {SOCIAL.map((social) => (
              <li key={social.name}>
                <a href="#" onClick={stay} aria-label={social.name}>
                  {social.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
