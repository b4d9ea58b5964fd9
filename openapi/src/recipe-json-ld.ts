/*
 * A recipe as schema.org's Recipe (what search engines' recipe results read), built from the
 * contract's Recipe, part of a recipe page's head (recipe-head.ts), which the server writes into
 * the recipe pages it renders and the web app into the head of a recipe page it navigated to. One
 * builder, so the two cannot describe a recipe differently. Pure, no zod.
 */

/**
 * The fields of the contract's Recipe the builder reads (written out rather than picked from
 * generated/schema.ts, which the compiled package does not build).
 */
export interface JsonLdRecipe {
  title: string;
  ingredients: string;
  instructions: string;
  category_names: readonly string[];
  created_on: string;
  servings: number | null;
  source_url: string | null;
  review_count: number;
  average_rating: number | null;
  user: { firstName: string; lastName: string };
}

/** Ingredient and step lines as the recipe page lists them: one per line, without bullets. */
export const recipeTextLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[•☘]\s*/, '').trim())
    .filter((line) => line.length > 0);

/** A recipe author's name as pages show it; a deleted account's recipes say "Anonymous". */
export const authorName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || 'Anonymous';

export interface JsonLdPlace {
  /** The page's absolute URL, when known (the server's canonical address). */
  pageUrl?: string;
  /** The photo's absolute URL, or null for none. */
  imageUrl: string | null;
  /** When the recipe was last edited, when known. */
  dateModified?: string;
}

/**
 * The schema.org Recipe: name, image, author, dates, ingredients, steps, categories, yield,
 * source, and the rating once it has reviews.
 */
export function recipeJsonLd(
  recipe: JsonLdRecipe,
  { pageUrl, imageUrl, dateModified }: JsonLdPlace,
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    ...(pageUrl ? { url: pageUrl } : {}),
    ...(imageUrl ? { image: [imageUrl] } : {}),
    author: { '@type': 'Person', name: authorName(recipe.user) },
    datePublished: recipe.created_on,
    ...(dateModified ? { dateModified } : {}),
    recipeIngredient: recipeTextLines(recipe.ingredients),
    recipeInstructions: recipeTextLines(recipe.instructions).map((text) => ({
      '@type': 'HowToStep',
      text,
    })),
    ...(recipe.category_names.length > 0 ? { recipeCategory: recipe.category_names } : {}),
    // Google reads a bare number as the servings count.
    ...(recipe.servings === null ? {} : { recipeYield: String(recipe.servings) }),
    ...(recipe.source_url ? { isBasedOn: recipe.source_url } : {}),
  };
  if (recipe.review_count > 0 && recipe.average_rating !== null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: recipe.average_rating,
      reviewCount: recipe.review_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}
