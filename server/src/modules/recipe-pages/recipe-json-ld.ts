import type { RecipePageData } from './recipe-page-read.js';

/** Ingredient and step lines as the recipe page lists them: one per line, without bullets. */
export const textLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[•☘]\s*/, '').trim())
    .filter((line) => line.length > 0);

export const authorName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || 'Anonymous';

/**
 * The schema.org Recipe of a recipe page (what Google's recipe results read): name, image,
 * author, dates, ingredients, steps, categories, yield, and the rating once it has reviews.
 * `imageUrl` and `pageUrl` are absolute.
 */
export function recipeJsonLd(
  { recipe, updatedOn }: RecipePageData,
  pageUrl: string,
  imageUrl: string | null,
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    url: pageUrl,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    author: { '@type': 'Person', name: authorName(recipe.user) },
    datePublished: recipe.created_on,
    dateModified: updatedOn,
    recipeIngredient: textLines(recipe.ingredients),
    recipeInstructions: textLines(recipe.instructions).map((text) => ({
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
