import { Footer } from '@recipehub/ui/footer';
import { renderRouterLink } from '../../lib/render-link';

/** Loaded after the page (it sits below the fold), to keep the first download small. */
export default function SiteFooter() {
  return (
    <Footer
      renderLink={renderRouterLink}
      builtBy={{ name: 'the RecipeHub team', href: 'https://github.com/recipehub' }}
    />
  );
}
