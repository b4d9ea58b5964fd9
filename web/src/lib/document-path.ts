/**
 * The path the server answered this document for (null in the build-time prerender). main.tsx
 * imports this module, so it is read when the entry runs, before any in-app navigation: a value
 * read in a page's own chunk would be the address that chunk loaded at, already another page's
 * after the first in-app move (issue 28: a recipe opened from the home list took its own address
 * for the server's and wrote no head tags).
 */
export const documentPath = typeof window === 'undefined' ? null : window.location.pathname;
