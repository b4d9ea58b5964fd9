import { HtmlTooDeep } from './depth-limited-html.js';
import { toDraft, type CategoryName, type RecipeDraft } from './recipe-draft.js';
import { parseRecipePage } from './recipe-page-parser.js';

export interface PageParseTask {
  html: string;
  /** The page's final URL (relative links resolve against it). */
  url: string;
  /** Our categories, to match the recipe's hints against. */
  categories: CategoryName[];
}

/** A worker's answer: the page's recipe as a draft (null if none), or that it nests too deeply. */
export type PageReading = { draft: RecipeDraft | null } | { tooDeep: true };

/**
 * Runs in a worker thread of page-parse-pool.ts (piscina calls the default export). The draft is
 * shaped here too: its texts are cut from whatever the page held (a 2 MB title took 1.7 s to cut),
 * so only a draft of bounded size comes back. Errors other than the depth limit reach the caller
 * as the task's rejection.
 */
export default function readRecipeDraft({ html, url, categories }: PageParseTask): PageReading {
  try {
    const recipe = parseRecipePage(html, url);
    return { draft: recipe ? toDraft(recipe, url, categories) : null };
  } catch (error) {
    if (error instanceof HtmlTooDeep) return { tooDeep: true };
    throw error;
  }
}
