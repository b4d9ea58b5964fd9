import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The built web app's HTML, cut once at start into the pieces around what a recipe page
 * replaces (the `<title>` and the meta description) and adds (the social tags and JSON-LD,
 * before `</head>`), so that a request costs a few string concatenations, never a parse.
 */
export interface PageShell {
  /** Up to the `<title>` element. */
  beforeTitle: string;
  /** Between `</title>` and `</head>`, without the shell's own meta description. */
  headRest: string;
  /**
   * From `</head>` to the end; for the recipe shell, up to the end of the opening tag of the
   * element the server fills with the recipe's hero (SERVER_RENDERED_SLOT).
   */
  body: string;
  /** After that opening tag, to the end; null when the shell has no such element. */
  bodyAfterSlot: string | null;
}

/**
 * The element of web/'s prerendered recipe page that the server fills with the recipe's hero
 * (web/ recipe-detail-page.tsx renders it empty, with `dangerouslySetInnerHTML`, so that the
 * hydrating render keeps what the server put in it).
 */
export const SERVER_RENDERED_SLOT = /<article [^>]*data-server-rendered="recipe"[^>]*>/;

/** Used when web/ is not built (server tests, an API-only deployment): head and an empty root. */
const BARE_SHELL =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n' +
  '<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n' +
  '<title>RecipeHub</title>\n</head>\n<body><div id="root"></div></body>\n</html>\n';

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /\s*<meta name="description"[^>]*>/;

export function cutShell(html: string): PageShell {
  const headEnd = html.indexOf('</head>');
  // Not a page of web/'s build (a hand-made index.html): the bare shell has what a page needs.
  if (headEnd < 0) return cutShell(BARE_SHELL);
  const title = TITLE.exec(html);
  const titleEnd = title && title.index < headEnd ? title.index + title[0].length : null;
  const titleStart = titleEnd === null ? headEnd : title!.index;
  const body = html.slice(headEnd);
  const slot = SERVER_RENDERED_SLOT.exec(body);
  const slotEnd = slot ? slot.index + slot[0].length : body.length;
  return {
    beforeTitle: html.slice(0, titleStart).replace(DESCRIPTION, ''),
    headRest: titleEnd === null ? '' : html.slice(titleEnd, headEnd).replace(DESCRIPTION, ''),
    body: body.slice(0, slotEnd),
    bodyAfterSlot: slot ? body.slice(slotEnd) : null,
  };
}

/**
 * The two shells a recipe page answers with, from web/'s build: `recipe.html` (index.html with
 * the recipe page's first render, its top bar and loading placeholders, inside #root, made by
 * web/scripts/prerender.mjs) for a recipe, so the page paints at once and the app hydrates that
 * markup; `index.html` (an empty #root) for the not-found page, which the app renders itself.
 */
export function loadPageShells(webDistDir: string): { recipe: PageShell; notFound: PageShell } {
  const read = (file: string) => {
    const full = path.join(webDistDir, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  };
  const index = read('index.html') ?? BARE_SHELL;
  return { recipe: cutShell(read('recipe.html') ?? index), notFound: cutShell(index) };
}
