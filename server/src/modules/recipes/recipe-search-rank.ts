import { textWords, wordMatches } from './search-text.js';

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
 * (title 10, category names 4, ingredients 2, instructions 1) and the usual k1 = 1.2, b = 0.75;
 * field lengths are normalised by their mean over the candidates.
 *
 * No IDF: every candidate holds every word (searches are AND), so per-word document frequencies
 * would only weigh which word sits in which field, and counting them costs a full pass over each
 * word's matches (the one cost a search may not pay beyond its exact count).
 */
const FIELDS = [
  { name: 'title', weight: 10 },
  { name: 'categoryNames', weight: 4 },
  { name: 'ingredients', weight: 2 },
  { name: 'instructions', weight: 1 },
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
  const tokens = candidates.map((candidate) =>
    FIELDS.map((field) => textWords(candidate[field.name] ?? '')),
  );
  const meanLength = FIELDS.map(
    (_, f) =>
      Math.max(
        1,
        tokens.reduce((sum, fields) => sum + fields[f]!.length, 0),
      ) / tokens.length,
  );
  const wanted = new Set(words);
  const scored: Scored[] = candidates.map((candidate, c) => {
    const fields = tokens[c]!;
    let score = 0;
    let titleWords = 0;
    for (const word of words) {
      let weighted = 0;
      FIELDS.forEach((field, f) => {
        const found = fields[f]!;
        const frequency = found.filter((token) => wordMatches(word, token)).length;
        if (frequency === 0) return;
        if (f === 0) titleWords++;
        const norm = 1 - B + (B * found.length) / meanLength[f]!;
        weighted += (field.weight * frequency) / norm;
      });
      score += weighted / (K1 + weighted);
    }
    const title = new Set(fields[0]!.filter((token) => !ignorable(token) || wanted.has(token)));
    const exactTitle = title.size === wanted.size && [...wanted].every((word) => title.has(word));
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
