/*
 * What a recipe page's head says about its recipe: title, description, canonical URL, picture and
 * schema.org Recipe. The server writes it into the page it answers for `/recipes/{id}`
 * (server/src/modules/recipe-pages/recipe-page-head.ts), the web app into the head of a recipe
 * page it navigated to (web/src/features/recipe-detail/use-recipe-head.ts). One builder, so a
 * recipe reached in the app is described as a direct load describes it. Pure, no zod.
 */
import { authorName, recipeJsonLd, type JsonLdRecipe } from './recipe-json-ld.js';

const SITE = 'RecipeHub';
/** What search results and link previews show at most before cutting. */
const DESCRIPTION_LENGTH = 155;

/** The fields of the contract's Recipe the head reads. */
export interface HeadRecipe extends JsonLdRecipe {
  id: number;
  img: string | null;
}

export interface RecipeHead {
  /** "<recipe> · RecipeHub". */
  title: string;
  description: string;
  canonicalUrl: string;
  /** The picture's absolute URL, or null for none (or one that is not http(s)). */
  imageUrl: string | null;
  jsonLd: Record<string, unknown>;
}

/** One line of plain text at most `max` characters long, cut at a word with an ellipsis. */
function summary(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** A recipe page's address; `publicUrl` is the site's origin, without a trailing slash. */
export const recipePageUrl = (publicUrl: string, id: number) => `${publicUrl}/recipes/${id}`;

/** An absolute URL for a recipe's picture: uploaded ones are site paths, others already absolute. */
function absoluteImageUrl(img: string | null, publicUrl: string): string | null {
  if (!img) return null;
  try {
    const url = new URL(img, `${publicUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The head of `recipe`'s page on the site at `publicUrl`. `dateModified` (the last edit) is known
 * to the server's read only: the API's Recipe does not carry it.
 */
export function recipeHead(
  recipe: HeadRecipe,
  { publicUrl, dateModified }: { publicUrl: string; dateModified?: string },
): RecipeHead {
  const canonicalUrl = recipePageUrl(publicUrl, recipe.id);
  const imageUrl = absoluteImageUrl(recipe.img, publicUrl);
  return {
    title: `${recipe.title} · ${SITE}`,
    description: summary(
      `${recipe.title} by ${authorName(recipe.user)}: ${recipe.instructions}`,
      DESCRIPTION_LENGTH,
    ),
    canonicalUrl,
    imageUrl,
    jsonLd: recipeJsonLd(recipe, { pageUrl: canonicalUrl, imageUrl, dateModified }),
  };
}
