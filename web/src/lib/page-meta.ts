import { useEffect } from 'react';

const SITE = 'RecipeHub';
const DEFAULT_DESCRIPTION =
  'RecipeHub: browse trending recipes, search and filter by category, and share your own.';

/** Sets the document title ("Page · RecipeHub") and meta description for the current page. */
export function usePageMeta(title: string | null, description: string = DEFAULT_DESCRIPTION) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
