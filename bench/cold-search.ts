import { commonWords, rareWords, type Vocabulary } from './vocabulary.js';

/** The first request of a search the server has not seen, sent alone. */
export interface ColdSearch {
  query: string;
  /** `common`: among the data set's most frequent words; `rare`: among its least frequent. */
  kind: 'common' | 'rare';
  ms: number;
  /** The search's count (all matches), from the answer. */
  matches: number;
}

/** A handful of searches: the three most common words and their top pair, the three rarest. */
export function coldQueries(vocabulary: Vocabulary): { query: string; kind: ColdSearch['kind'] }[] {
  const common = commonWords(vocabulary, 3);
  return [
    ...common.map((query) => ({ query, kind: 'common' as const })),
    { query: common.slice(0, 2).join(' '), kind: 'common' as const },
    ...rareWords(vocabulary, 3).map((query) => ({ query, kind: 'rare' as const })),
  ];
}

/**
 * Times each query's page 1, one after another with nothing else running, on a server that has
 * not searched for these words yet.
 */
export async function measureColdSearches(
  base: string,
  queries: { query: string; kind: ColdSearch['kind'] }[],
): Promise<ColdSearch[]> {
  const measured: ColdSearch[] = [];
  for (const { query, kind } of queries) {
    const started = performance.now();
    const response = await fetch(`${base}/api/recipes/lists/?search=${encodeURIComponent(query)}`);
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`search "${query}" answered ${response.status}: ${text.slice(0, 200)}`);
    }
    const { count } = JSON.parse(text) as { count?: number };
    measured.push({ query, kind, ms: Math.round(ms * 10) / 10, matches: count ?? 0 });
  }
  return measured;
}
