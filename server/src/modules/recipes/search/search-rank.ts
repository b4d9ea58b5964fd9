import { countWordMatches, countWords, foldForCounting, textWords } from './search-text.js';

/** What the ranking reads of each candidate recipe (its text, and its age for ties). */
export interface SearchCandidate {
  id: number;
  createdAt: number;
  title: string;
  ingredients: string;
  instructions: string;
  categoryNames: string | null;
}

/**
 * BM25F over the four fields a search matches, with the weights the FTS5 ranking used before
 * (title 10, category names 4, ingredients 2, instructions 1) and the usual k1 = 1.2, b = 0.75.
 * A field's length, normalised by its mean over the candidates, is its number of words for the
 * short fields (title, category names) and its number of characters for the long ones: the ratio
 * BM25 needs, without splitting ingredients and instructions into words (counting a word's
 * matches with indexOf over folded text took 1-2 ms for 200 bench candidates, splitting 24 ms).
 *
 * No IDF: every candidate holds every word (searches are AND), so per-word document frequencies
 * would only weigh which word sits in which field, and counting them costs a full pass over each
 * word's matches (the one cost a search may not pay beyond its exact count).
 */
const FIELDS = [
  { name: 'title', weight: 10, short: true },
  { name: 'categoryNames', weight: 4, short: true },
  { name: 'ingredients', weight: 2, short: false },
  { name: 'instructions', weight: 1, short: false },
] as const;
const K1 = 1.2;
const B = 0.75;

interface Scored {
  id: number;
  createdAt: number;
  /** How many of the search's words the title holds. */
  titleWords: number;
  /** The title is the search's words and nothing else (any order, whole words). */
  exactTitle: boolean;
  score: number;
}

/**
 * Each candidate's folded fields and their lengths (words or characters, see above). Words are
 * counted in the folded text, not split out of it, and only a title that holds every word is
 * split (to tell an exact title): ranking the candidates of 300 varied bench searches (23 on
 * average) took 203-227 µs per search with the splits, 164-207 µs without, same orders.
 */
function measure(candidates: readonly SearchCandidate[]) {
  return candidates.map((candidate) => {
    const texts = FIELDS.map((field) => foldForCounting(candidate[field.name] ?? ''));
    const lengths = FIELDS.map((field, f) =>
      field.short ? countWords(texts[f]!) : texts[f]!.length,
    );
    return { texts, lengths };
  });
}

/**
 * The title is the search's words and nothing else (any order, whole words); `ignorable` words
 * do not count. Asked only of titles that hold every word.
 */
function isExactTitle(
  title: string,
  wanted: ReadonlySet<string>,
  ignorable: (word: string) => boolean,
) {
  const kept = new Set(textWords(title).filter((token) => !ignorable(token) || wanted.has(token)));
  return kept.size === wanted.size && [...wanted].every((word) => kept.has(word));
}

/**
 * The candidates best first: more of the words in the title first, then an exact title, then
 * BM25F, then newest (ties by id). `words` are the search's folded words; `ignorable` ones (the
 * common words a search leaves out) do not stop a title from being exact ("Leg of Lamb").
 */
export function rankCandidates(
  words: readonly string[],
  candidates: readonly SearchCandidate[],
  ignorable: (word: string) => boolean = () => false,
): number[] {
  if (candidates.length === 0) return [];
  const counted = words.map(foldForCounting);
  const measured = measure(candidates);
  const meanLength = FIELDS.map((_, f) =>
    Math.max(1, measured.reduce((sum, one) => sum + one.lengths[f]!, 0) / measured.length),
  );
  const wanted = new Set(words);
  const scored: Scored[] = candidates.map((candidate, c) => {
    const { texts, lengths } = measured[c]!;
    let score = 0;
    let titleWords = 0;
    for (const word of counted) {
      let weighted = 0;
      FIELDS.forEach((field, f) => {
        const frequency = countWordMatches(texts[f]!, word);
        if (frequency === 0) return;
        if (f === 0) titleWords++;
        weighted += (field.weight * frequency) / (1 - B + (B * lengths[f]!) / meanLength[f]!);
      });
      score += weighted / (K1 + weighted);
    }
    // An exact title holds every word, each as a whole title word.
    const exactTitle =
      titleWords === counted.length && isExactTitle(candidate.title, wanted, ignorable);
    return { id: candidate.id, createdAt: candidate.createdAt, titleWords, exactTitle, score };
  });
  scored.sort(
    (a, b) =>
      b.titleWords - a.titleWords ||
      Number(b.exactTitle) - Number(a.exactTitle) ||
      b.score - a.score ||
      b.createdAt - a.createdAt ||
      b.id - a.id,
  );
  return scored.map((entry) => entry.id);
}
