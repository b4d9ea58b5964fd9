import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { LOGO_IMAGE, Logo } from './brand';
import { Button } from './button';
import { CloseIcon, MenuIcon } from './inline-icons';
import type { RenderLink } from './link';
import './nav-bar.css';

/** Spec: the bar gets a stronger shadow once the page has scrolled more than 50 px. */
export const NAV_SHADOW_SCROLL_THRESHOLD = 50;

/** Where the bar's links go: the app owns its routes, the bar only shows them. */
export type NavBarPaths = {
  home: string;
  dashboard: string;
  profile: string;
  register: string;
  login: string;
};

const defaultRenderLink: RenderLink = ({ href, ...props }) => <a href={href} {...props} />;

export type NavBarProps = {
  /** A token is stored: show Profile and Logout instead of Register and Login. */
  loggedIn: boolean;
  paths: NavBarPaths;
  /** Renders each link; pass react-router's Link here. Defaults to a plain <a>. */
  renderLink?: RenderLink;
  /** The Recipe entry scrolls to the recipe list; the app decides how. */
  onRecipeClick?: () => void;
  onLogout?: () => void;
  /** The current path, to mark the active link. */
  currentPath?: string;
  logoSrc?: string;
  /** Start with the mobile menu open (stories). */
  defaultOpen?: boolean;
};

/** True once the window has scrolled past `threshold` px; follows every scroll. */
function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** While `open`, a pointer press outside `ref`'s element or the Escape key calls `close`. */
function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [ref, open, close]);
}

type NavMenuProps = Pick<
  NavBarProps,
  'loggedIn' | 'paths' | 'onRecipeClick' | 'onLogout' | 'currentPath'
> & {
  id: string;
  renderLink: RenderLink;
  /** Every entry closes the mobile menu as it is chosen. */
  close: () => void;
};

/** The bar's entries: Home, Recipe, Dashboard, then the account's two (by `loggedIn`). */
function NavMenu({
  id,
  loggedIn,
  paths,
  renderLink,
  onRecipeClick,
  onLogout,
  currentPath,
  close,
}: NavMenuProps) {
  const link = (href: string, label: ReactNode) => (
    <li>
      {renderLink({
        href,
        className: 'rh-nav__link',
        children: label,
        onClick: close,
        'aria-current': currentPath === href ? 'page' : undefined,
      })}
    </li>
  );
  const action = (label: string, onChoose?: () => void) => (
    <li>
      <button
        type="button"
        className="rh-nav__link"
        onClick={() => {
          close();
          onChoose?.();
        }}
      >
        {label}
      </button>
    </li>
  );

  return (
    <ul id={id} className="rh-nav__menu">
      {link(paths.home, 'Home')}
      {action('Recipe', onRecipeClick)}
      {link(paths.dashboard, 'Dashboard')}
      {loggedIn ? (
        <>
          {link(paths.profile, 'Profile')}
          {action('Logout', onLogout)}
        </>
      ) : (
        <>
          {link(paths.register, 'Register')}
          {link(paths.login, 'Login')}
        </>
      )}
    </ul>
  );
}

export function NavBar({
  loggedIn,
  paths,
  renderLink = defaultRenderLink,
  onRecipeClick,
  onLogout,
  currentPath,
  logoSrc = LOGO_IMAGE,
  defaultOpen = false,
}: NavBarProps) {
  const [open, setOpen] = useState(defaultOpen);
  const scrolled = useScrolledPast(NAV_SHADOW_SCROLL_THRESHOLD);
  const navRef = useRef<HTMLElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(navRef, open, close);

  return (
    <nav
      ref={navRef}
      className="rh-nav"
      aria-label="Main"
      data-state={open ? 'open' : 'closed'}
      data-scrolled={scrolled}
    >
      <div className="rh-nav__bar">
        {renderLink({
          href: paths.home,
          className: 'rh-nav__brand',
          onClick: close,
          children: (
            <>
              <Logo src={logoSrc} />
              <span className="rh-brand-name" aria-hidden>
                RecipeHub
              </span>
            </>
          ),
        })}
        <Button
          variant="ghost"
          size="icon"
          className="rh-nav__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </Button>
        <NavMenu
          id={menuId}
          loggedIn={loggedIn}
          paths={paths}
          renderLink={renderLink}
          onRecipeClick={onRecipeClick}
          onLogout={onLogout}
          currentPath={currentPath}
          close={close}
        />
      </div>
    </nav>
  );
}
