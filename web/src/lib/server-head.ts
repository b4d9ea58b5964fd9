import { useEffect } from 'react';
import { documentPath } from './document-path';

/*
 * One owner for each head tag of a page. The server answers a recipe page (and a missing one)
 * with head tags about that URL only (server/src/modules/recipe-pages): the canonical URL, Open
 * Graph and article times, the Twitter card, robots, the hero image's preload and the schema.org
 * Recipe. They are the page's while it is the document's own page, and the app leaves them as
 * they are (it writes only the title and description, with the same text). From the first in-app
 * navigation to another path on, the app owns the head: the server's tags go, since they would
 * describe a page no longer shown, and a recipe page the app renders writes its own canonical URL
 * and JSON-LD (features/recipe-detail/use-recipe-head.ts).
 * Only the recipe page imports this: the server writes such tags for `/recipes/{id}` alone
 * (found or not).
 */
const SERVER_HEAD_TAGS = [
  'link[rel="canonical"]',
  'link[rel="preload"][as="image"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'meta[name^="twitter:"]',
  'meta[name="robots"]',
  'script#recipe-json-ld',
].join(', ');

let released = false;

/** True while the head holds the server's tags for `pathname`: no navigation away yet. */
export function serverOwnsHead(pathname: string): boolean {
  return !released && pathname === documentPath;
}

function releaseServerHead() {
  if (released) return;
  released = true;
  for (const tag of document.head.querySelectorAll(SERVER_HEAD_TAGS)) tag.remove();
}

/**
 * For the page the server answers with head tags of its own (a recipe, or a missing one): when
 * the app leaves it for another path, the server's tags go with it. Here rather than
 * in the router so that this code is in those pages' chunks, not in the first download (its
 * 110 kB budget). React's development double mount runs the clean-up on the same path: kept.
 */
export function useServerHeadOfPage() {
  useEffect(
    () => () => {
      if (window.location.pathname !== documentPath) releaseServerHead();
    },
    [],
  );
}
