import { Random } from './dataset.js';
import type { LoopDelay, LoopProbe } from './event-loop.js';
import { runLoad, summarise, withWarmup, type LoadSettings, type PhaseResult } from './measure.js';
import type { Generate } from './traffic.js';
import { commonWords, type Vocabulary } from './vocabulary.js';

/** The most common words the expensive searches are made of. */
const EXPENSIVE_WORDS = 6;

/**
 * The most expensive searches the data set allows: its most common words, alone or in ordered
 * pairs (each matches most of the recipes, so ranking them is the most work a search can ask),
 * pages 1 and 2, in a seeded rotation; each one is ranked afresh (the server keeps no search
 * cache).
 */
export function expensiveSearches(vocabulary: Vocabulary, seed: number): Generate {
  const words = commonWords(vocabulary, EXPENSIVE_WORDS);
  const queries = [
    ...words,
    ...words.flatMap((a) => words.filter((b) => b !== a).map((b) => `${a} ${b}`)),
  ];
  const random = new Random(seed);
  return () => {
    const search = encodeURIComponent(random.pick(queries));
    const page = random.chance(0.5) ? '&page=2' : '';
    return { kind: 'search', method: 'GET', path: `/api/recipes/lists/?search=${search}${page}` };
  };
}

export interface IsolationInput {
  base: string;
  loop: LoopProbe;
  connections: number;
  searches: Generate;
  details: Generate;
  settings: LoadSettings;
  ceiling: number;
}

/**
 * `connections` connections of expensive searches and as many reading recipe details, at the same
 * time: does one kind of request hold up the other? Reports both sides and the server's
 * event-loop delay over the measured window (the same for both rows).
 */
export async function isolationPhase(input: IsolationInput): Promise<PhaseResult[]> {
  const { base, connections, settings } = input;
  const searchLoad = { base, connections, generate: input.searches };
  const detailLoad = { base, connections, generate: input.details };
  const [warmSearch, warmDetail] = await Promise.all([
    runLoad(searchLoad, settings.warmup),
    runLoad(detailLoad, settings.warmup),
  ]);
  input.loop.reset();
  const [search, detail] = await Promise.all([
    runLoad(searchLoad, settings.duration),
    runLoad(detailLoad, settings.duration),
  ]);
  const loopDelay: LoopDelay = await input.loop.read();
  const both = search.requests.total + detail.requests.total;
  return [
    summarise(
      `isolation: details, beside ${connections} conn. of common-word searches`,
      connections,
      withWarmup(detail, warmDetail),
      input.ceiling,
      loopDelay,
      both,
    ),
    summarise(
      `isolation: searches of the ${EXPENSIVE_WORDS} most common words`,
      connections,
      withWarmup(search, warmSearch),
      input.ceiling,
      loopDelay,
      both,
    ),
  ];
}
