import type { ReactNode } from 'react';

/*
 * The few icons that components in the app's first download need (nav bar, spinner, empty
 * state), drawn as lucide draws them (same attributes, same paths) but without lucide's runtime,
 * which would otherwise be loaded before the first paint. Everything else uses lucide-react.
 */
type IconProps = { size?: number; className?: string };

function icon(name: string, paths: ReactNode) {
  function InlineIcon({ size = 24, className }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={['lucide', `lucide-${name}`, className].filter(Boolean).join(' ')}
        aria-hidden="true"
      >
        {paths}
      </svg>
    );
  }
  return InlineIcon;
}

export const MenuIcon = icon(
  'menu',
  <>
    <path d="M4 5h16" />
    <path d="M4 12h16" />
    <path d="M4 19h16" />
  </>,
);

export const CloseIcon = icon(
  'x',
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);

export const LoaderCircleIcon = icon('loader-circle', <path d="M21 12a9 9 0 1 1-6.219-8.56" />);

export const SearchXIcon = icon(
  'search-x',
  <>
    <path d="m13.5 8.5-5 5" />
    <path d="m8.5 8.5 5 5" />
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
