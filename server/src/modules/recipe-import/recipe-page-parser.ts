import type { AnyNode, Element } from 'domhandler';
import { decodeHTML } from 'entities';
import { DomUtils } from 'htmlparser2';
import { parseDepthLimitedHtml } from './depth-limited-html.js';
import { isoDurationMinutes } from './iso-duration.js';

/**
 * Reads a recipe out of a web page the way recipe sites publish it for search engines: the
 * schema.org Recipe in JSON-LD (at the top level, in an array, in `@graph`, or nested under
 * another node such as a WebPage's `mainEntity`), or, when a page has none, schema.org microdata
 * (`itemscope itemtype=".../Recipe"` with `itemprop`s). Only what the add-recipe form can use is
 * kept; the member reviews it before anything is saved. A page, or an HTML text in its JSON-LD,
 * nested deeper than MAX_HTML_DEPTH throws HtmlTooDeep (depth-limited-html.ts).
 */
export interface ImportedRecipe {
  title: string;
  ingredients: string[];
  instructions: string[];
  /** An absolute http(s) URL, or null. */
  image: string | null;
  servings: number | null;
  /** recipeCategory, recipeCuisine and keywords, to match against our categories. */
  categoryHints: string[];
  totalMinutes: number | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asArray = (value: Json | undefined): Json[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Text without tags, entities decoded, whitespace collapsed. */
function clean(value: string): string {
  const withoutTags = DomUtils.textContent(parseDepthLimitedHtml(value));
  return decodeHTML(withoutTags).replace(/\s+/g, ' ').trim();
}

function textOf(value: Json | undefined): string {
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number') return String(value);
  if (isObject(value)) return textOf(value['text'] ?? value['name'] ?? value['@value']);
  if (Array.isArray(value)) return textOf(value[0]);
  return '';
}

const isRecipeType = (type: Json | undefined) =>
  asArray(type).some(
    (entry) =>
      typeof entry === 'string' &&
      /^(?:(?:https?:\/\/)?schema\.org\/|schema:)?Recipe$/i.test(entry.trim()),
  );

/** Every Recipe node anywhere in a JSON-LD value, depth-bounded (pages nest a few levels). */
function findRecipes(value: Json | undefined, depth = 0, found: JsonObject[] = []): JsonObject[] {
  if (depth > 8 || value === undefined || value === null) return found;
  if (Array.isArray(value)) {
    for (const entry of value) findRecipes(entry, depth + 1, found);
  } else if (isObject(value)) {
    if (isRecipeType(value['@type'])) found.push(value);
    else for (const entry of Object.values(value)) findRecipes(entry, depth + 1, found);
  }
  return found;
}

/** Steps of recipeInstructions: text, HowToStep, HowToSection (its name, then its steps), lists. */
function instructionLines(value: Json | undefined, depth = 0): string[] {
  if (depth > 6) return [];
  if (typeof value === 'string') {
    // One text: its lines (or its sentences' paragraphs, when the site put all steps in one <p>).
    // `[^<>]*`, not `[^>]*`: with the latter each `<p` without a `>` scanned to the text's end, and
    // 32,000 of them (64 KB) took a second.
    return decodeHTML(value)
      .split(/<\/?(?:p|li|br)\b[^<>]*>|\n/i)
      .map(clean)
      .filter(Boolean);
  }
  if (Array.isArray(value)) return value.flatMap((entry) => instructionLines(entry, depth + 1));
  if (!isObject(value)) return [];
  const types = asArray(value['@type']).map(String);
  const steps = value['itemListElement'] ?? value['steps'];
  if (types.includes('HowToSection') || (steps !== undefined && !value['text'])) {
    const name = textOf(value['name']);
    return [...(name ? [`${name}:`] : []), ...instructionLines(steps, depth + 1)];
  }
  return instructionLines(value['text'] ?? value['name'], depth + 1);
}

function imageUrl(value: Json | undefined, base: string): string | null {
  for (const entry of asArray(value)) {
    const candidate =
      typeof entry === 'string'
        ? entry
        : isObject(entry)
          ? textOf(entry['url'] ?? entry['contentUrl'])
          : '';
    const url = absoluteHttpUrl(candidate, base);
    if (url) return url;
  }
  return null;
}

function absoluteHttpUrl(candidate: string, base: string): string | null {
  if (!candidate.trim()) return null;
  try {
    const url = new URL(candidate.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** "4", "4 servings", "Serves 4-6", ["4", "4 servings"], 4 → 4 (the first whole number, 1-1000). */
function servingsOf(value: Json | undefined): number | null {
  for (const entry of asArray(value)) {
    const match = /\d+/.exec(textOf(entry));
    const number = match ? Number(match[0]) : NaN;
    if (number >= 1 && number <= 1000) return number;
  }
  return null;
}

/** keywords are one comma-separated text or a list; categories and cuisines a text or a list. */
function hints(...values: (Json | undefined)[]): string[] {
  const words = values
    .flatMap(asArray)
    .flatMap((entry) => textOf(entry).split(','))
    .map((word) => word.trim())
    .filter(Boolean);
  return [...new Set(words)];
}

function fromJsonLd(recipe: JsonObject, base: string): ImportedRecipe {
  const totalMinutes =
    isoDurationMinutes(textOf(recipe['totalTime'])) ??
    sumMinutes(
      isoDurationMinutes(textOf(recipe['prepTime'])),
      isoDurationMinutes(textOf(recipe['cookTime'])),
    );
  return {
    title: textOf(recipe['name'] ?? recipe['headline']),
    ingredients: asArray(recipe['recipeIngredient'] ?? recipe['ingredients'])
      .map(textOf)
      .filter(Boolean),
    instructions: instructionLines(recipe['recipeInstructions']),
    image: imageUrl(recipe['image'] ?? recipe['thumbnailUrl'], base),
    servings: servingsOf(recipe['recipeYield'] ?? recipe['yield']),
    categoryHints: hints(recipe['recipeCategory'], recipe['recipeCuisine'], recipe['keywords']),
    totalMinutes,
  };
}

function sumMinutes(a: number | null, b: number | null): number | null {
  return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
}

/** The JSON-LD blocks of a page that parse (a broken one is skipped, not fatal). */
function jsonLdBlocks(document: AnyNode): Json[] {
  const scripts = DomUtils.findAll(
    (element) =>
      element.name === 'script' &&
      /^\s*application\/ld\+json\s*(;|$)/i.test(element.attribs['type'] ?? ''),
    [document],
  );
  const blocks: Json[] = [];
  for (const script of scripts) {
    try {
      blocks.push(JSON.parse(DomUtils.textContent(script).trim()) as Json);
    } catch {
      // Broken JSON on one block (trailing commas, a stray comment): try the page's others.
    }
  }
  return blocks;
}

/** Microdata: the value of one itemprop element, as the microdata spec reads it. */
function propValue(element: Element): string {
  const attribs = element.attribs;
  if (attribs['content'] !== undefined) return attribs['content'];
  if (['img', 'audio', 'video', 'source', 'embed', 'iframe'].includes(element.name))
    return attribs['src'] ?? '';
  if (['a', 'link', 'area'].includes(element.name)) return attribs['href'] ?? '';
  if (element.name === 'time' && attribs['datetime']) return attribs['datetime'];
  if (element.name === 'meta') return attribs['content'] ?? '';
  return DomUtils.textContent(element);
}

function fromMicrodata(document: AnyNode, base: string): ImportedRecipe | null {
  const scope = DomUtils.findOne(
    (element) =>
      element.attribs['itemscope'] !== undefined &&
      isRecipeType(element.attribs['itemtype'] ?? null),
    [document],
  );
  if (!scope) return null;
  const props = new Map<string, string[]>();
  for (const element of DomUtils.findAll(
    (e) => e.attribs['itemprop'] !== undefined,
    scope.children,
  )) {
    for (const name of (element.attribs['itemprop'] ?? '').split(/\s+/).filter(Boolean)) {
      // Appended in place: copying the list at each one took 5.7 s for 32,000 ingredients.
      const values = props.get(name);
      if (values) values.push(propValue(element));
      else props.set(name, [propValue(element)]);
    }
  }
  const all = (name: string) => (props.get(name) ?? []).map(clean).filter(Boolean);
  const first = (name: string) => all(name)[0] ?? '';
  return {
    title: first('name'),
    ingredients: [...all('recipeIngredient'), ...all('ingredients')],
    instructions: (props.get('recipeInstructions') ?? []).flatMap((text) => instructionLines(text)),
    image: imageUrl((props.get('image') ?? []) as Json[], base),
    servings: servingsOf(all('recipeYield')),
    categoryHints: hints(all('recipeCategory'), all('recipeCuisine'), all('keywords')),
    totalMinutes:
      isoDurationMinutes(first('totalTime')) ??
      sumMinutes(isoDurationMinutes(first('prepTime')), isoDurationMinutes(first('cookTime'))),
  };
}

/** The page's recipe (the first one with a title), or null when the page has none. */
export function parseRecipePage(html: string, pageUrl: string): ImportedRecipe | null {
  const document = parseDepthLimitedHtml(html);
  for (const block of jsonLdBlocks(document)) {
    for (const node of findRecipes(block)) {
      const recipe = fromJsonLd(node, pageUrl);
      if (recipe.title) return recipe;
    }
  }
  const microdata = fromMicrodata(document, pageUrl);
  return microdata?.title ? microdata : null;
}
