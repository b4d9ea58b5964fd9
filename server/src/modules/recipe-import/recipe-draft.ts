import type { ImportedRecipe } from './recipe-page-parser.js';

/**
 * A parsed recipe as the add-recipe form takes it (openapi RecipeDraft): texts cut to what a
 * recipe may hold and cleaned of the characters recipes refuse, so that saving the draft as it
 * came never fails on something the member did not write; the photo kept only when a recipe would
 * accept it; servings only in the recipe's range; our categories guessed from the recipe's
 * category, cuisine and keywords.
 */
export interface RecipeDraft {
  title: string;
  ingredients: string;
  instructions: string;
  img: string | null;
  servings: number | null;
  category: number[];
  source_url: string | null;
}

export interface CategoryName {
  id: number;
  name: string;
}

/** The limits of RecipeInput (recipe-write.ts and openapi say the same). */
const LIMITS = { title: 200, ingredients: 10_000, instructions: 20_000, url: 2048, categories: 20 };

// Characters no single-line field takes (text-characters.ts): C0, DEL, C1, line and paragraph
// separators, bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

const codePoints = (text: string) => [...text];

/** One line of text: refused characters become spaces, runs of space one, cut at `max` points. */
function oneLine(text: string, max: number): string {
  const clean = text.replace(REFUSED, ' ').replace(/\s+/g, ' ').trim();
  const points = codePoints(clean);
  return points.length <= max
    ? clean
    : points
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}

/** Lines joined by line feeds, as many whole lines as fit in `max` code points. */
function lines(values: string[], max: number): string {
  const kept: string[] = [];
  let size = 0;
  for (const value of values) {
    const line = oneLine(value, max);
    if (!line) continue;
    const added = codePoints(line).length + (kept.length > 0 ? 1 : 0);
    if (size + added > max) break;
    kept.push(line);
    size += added;
  }
  return kept.join('\n');
}

/** What recipe-write.ts accepts as a link: absolute http(s), no characters a URI may not hold. */
export function acceptableUrl(value: string | null): string | null {
  if (!value || codePoints(value).length > LIMITS.url) return null;
  if (!/^https?:\/\//i.test(value) || /[\s\p{Cc}<>"{}|\\^`]/u.test(value)) return null;
  try {
    return new URL(value).hostname ? value : null;
  } catch {
    return null;
  }
}

/**
 * A URL as WHATWG's serializer leaves it may still hold `|`, `^` or a backslash, which an RFC 3986
 * URI (and so a recipe's link) may not: they are percent-encoded.
 */
function encodeLeftovers(url: string): string {
  return url.replace(/[\s<>"{}|\\^`]/gu, (char) => encodeURIComponent(char));
}

/** Lower case, accents and other marks removed, punctuation as spaces: "Café-Bar" → "cafe bar". */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Our categories named by the hints: a category matches when its folded name is a hint, or a run
 * of whole words in one ("Chicken" in "Chicken curry", not "Chick" in "Chickpea stew").
 */
export function guessCategories(hints: string[], categories: CategoryName[]): number[] {
  const folded = hints.map(foldForMatching).filter(Boolean);
  const matches = categories.filter((category) => {
    const name = foldForMatching(category.name);
    return name !== '' && folded.some((hint) => ` ${hint} `.includes(` ${name} `));
  });
  return matches.slice(0, LIMITS.categories).map((category) => category.id);
}

export function toDraft(
  recipe: ImportedRecipe,
  pageUrl: string,
  categories: CategoryName[],
): RecipeDraft {
  const servings =
    recipe.servings !== null && recipe.servings >= 1 && recipe.servings <= 100
      ? recipe.servings
      : null;
  return {
    title: oneLine(recipe.title, LIMITS.title),
    ingredients: lines(recipe.ingredients, LIMITS.ingredients),
    instructions: lines(recipe.instructions, LIMITS.instructions),
    img: acceptableUrl(recipe.image),
    servings,
    category: guessCategories(recipe.categoryHints, categories),
    source_url: acceptableUrl(encodeLeftovers(pageUrl)),
  };
}
