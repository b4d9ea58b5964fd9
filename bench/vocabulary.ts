import { COMMON_WORDS, searchWords } from '../server/src/modules/recipes/search/search-text.js';
import { generateRecipe, Random } from './dataset.js';

/**
 * The data set's kitchen vocabulary, as a search sees it: every word of the generated titles,
 * ingredients and instructions, folded the way the server folds a query (searchWords), with how
 * many recipes hold it. Estimated from an even sample of the generated recipes (no database
 * needed): the same recipes the seed writes, so the estimate holds for any database.
 */
export interface Vocabulary {
  /** Words, most common first, each with its estimated number of matching recipes. */
  words: { word: string; matches: number }[];
  /** 1-2 word searches, each with the page(s) it can be asked for without a 404. */
  queries: SearchQuery[];
}

export interface SearchQuery {
  text: string;
  /** Estimated matches; page 2 is only asked for when it surely exists. */
  matches: number;
  pages: 1 | 2;
}

const SAMPLE = 4_000;
/**
 * Words shorter than this are not in MySQL's FULLTEXT index (innodb_ft_min_token_size = 3), so the
 * server drops them from the query there: both databases run the same search only without them.
 */
const MIN_WORD_LENGTH = 3;
/**
 * Instruction lines are cut at 199 characters, which leaves word stumps ("minu", "corian") in a few
 * recipes each (under 0.7 % at 100,000); every whole word is in at least 6 %. Stumps are no
 * kitchen vocabulary, so words in fewer than 1 % of the recipes are left out.
 */
const MIN_SHARE = 0.01;
/** Page 2 needs at least 11 matches; ask for it only with a wide margin over the estimate. */
const PAGE_TWO_MIN_MATCHES = 40;
const PAGE_TWO_MIN_SAMPLED = 4;

function wordsOf(text: string): Set<string> {
  const words = text.split(/\s+/).flatMap((token) => searchWords(token));
  return new Set(
    words.filter(
      (word) =>
        [...word].length >= MIN_WORD_LENGTH && !/^\d+$/.test(word) && !COMMON_WORDS.has(word),
    ),
  );
}

/** The vocabulary of a data set of `recipes` recipes. */
export function buildVocabulary(recipes: number): Vocabulary {
  const sampled = Math.min(SAMPLE, recipes);
  const documents: string[][] = [];
  for (let i = 0; i < sampled; i++) {
    const id = 1 + Math.floor((i * recipes) / sampled);
    const recipe = generateRecipe(id, recipes);
    documents.push([...wordsOf(`${recipe.title} ${recipe.ingredients} ${recipe.instructions}`)]);
  }
  const frequency = new Map<string, number>();
  for (const document of documents) {
    for (const word of document) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const ranked = [...frequency.entries()]
    .filter(([, n]) => n >= sampled * MIN_SHARE)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const scale = recipes / sampled;
  const words = ranked.map(([word, n]) => ({ word, matches: Math.round(n * scale) }));

  // How many sampled recipes hold both words of each pair: one counter per (word, word).
  const index = new Map(ranked.map(([word], i) => [word, i]));
  const size = ranked.length;
  const pairs = new Int32Array(size * size);
  for (const document of documents) {
    const ids = document.flatMap((word) => index.get(word) ?? []);
    for (const a of ids) for (const b of ids) pairs[a * size + b]! += 1;
  }

  const query = (text: string, sampledMatches: number): SearchQuery => {
    const matches = Math.round(sampledMatches * scale);
    const deep = matches >= PAGE_TWO_MIN_MATCHES && sampledMatches >= PAGE_TWO_MIN_SAMPLED;
    return { text, matches, pages: deep ? 2 : 1 };
  };
  const queries: SearchQuery[] = ranked.map(([word, n]) => query(word, n));
  // Ordered pairs: "onion garlic" is another search than "garlic onion" (and another cache key).
  ranked.forEach(([first], a) => {
    ranked.forEach(([second], b) => {
      if (a !== b) queries.push(query(`${first} ${second}`, pairs[a * size + b]!));
    });
  });
  return { words, queries };
}

/**
 * Searches in a seeded random order, each asked once (with one of the pages it has) until all have
 * been: with 130-odd words that is about 17,000 searches before the first repeat.
 */
export function searchSequence(vocabulary: Vocabulary, seed: number): () => string {
  const random = new Random(seed);
  const order = vocabulary.queries.map((_, index) => index);
  let next = order.length;
  return () => {
    if (next >= order.length) {
      // Fisher-Yates with the seeded generator: the same sequence on every machine.
      for (let i = order.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      next = 0;
    }
    const chosen = vocabulary.queries[order[next++]!]!;
    const page = chosen.pages === 2 && random.chance(0.5) ? 2 : 1;
    const search = encodeURIComponent(chosen.text);
    return `/api/recipes/lists/?search=${search}${page === 2 ? '&page=2' : ''}`;
  };
}

/** The most common words: the most expensive searches this data set allows. */
export function commonWords(vocabulary: Vocabulary, count: number): string[] {
  return vocabulary.words.slice(0, count).map((entry) => entry.word);
}

/** The rarest words that still occur in the sample. */
export function rareWords(vocabulary: Vocabulary, count: number): string[] {
  return vocabulary.words.slice(-count).map((entry) => entry.word);
}
