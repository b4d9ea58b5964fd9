import { REACTION_TYPES } from '@recipehub/openapi/enums';
import { FIRST_MEMBER_ID, Random } from './dataset.js';
import type { Vocabulary } from './vocabulary.js';

/** One request of a phase, as autocannon's setupRequest and the preflight check send it. */
export interface BenchRequest {
  kind: RequestKind;
  method: 'GET' | 'POST';
  path: string;
  /** JSON. */
  body?: string;
  /** A member's login token (writes only). */
  token?: string;
}

export type ReadKind = 'list1' | 'detail' | 'page' | 'search' | 'category' | 'deep' | 'trending';
export type WriteKind = 'save' | 'reaction' | 'comment';
/** `ceiling`: the plain Fastify hello-world. */
export type RequestKind = ReadKind | WriteKind | 'ceiling';
export type Generate = () => BenchRequest;

/** What the generators need to know of the data set. */
export interface TrafficShape {
  recipes: number;
  categories: number;
  vocabulary: Vocabulary;
}

const LIST = '/api/recipes/lists/';
const get = (kind: RequestKind, path: string): BenchRequest => ({ kind, method: 'GET', path });

/**
 * The visitors' requests, each kind varied the way visitors vary it, from seeded generators (the
 * same sequence on every run, whatever the interleaving of the connections). `nextSearch`
 * (vocabulary.ts) is shared by every phase of one server, so no search repeats within it.
 */
export function readTraffic(
  shape: TrafficShape,
  seed: number,
  nextSearch: () => string,
): Record<ReadKind, Generate> {
  const random = new Random(seed);
  const lastPage = Math.max(1, Math.ceil(shape.recipes / 10));
  return {
    list1: () => get('list1', LIST),
    detail: () => get('detail', `${LIST}${random.int(1, shape.recipes)}/`),
    // The server-rendered page of a recipe (HTML with its head and data), next to the API's detail.
    page: () => get('page', `/recipes/${random.int(1, shape.recipes)}`),
    // Each search a new 1-2 word query from the data set's vocabulary, page 1 or 2.
    search: () => get('search', nextSearch()),
    // 1-2 random categories, pages 1-5.
    category: () => {
      const categories = random.distinct(random.int(1, 2), 1, shape.categories).join(',');
      return get('category', `${LIST}?categories=${categories}&page=${random.int(1, 5)}`);
    },
    // Anywhere in the last 90 % of the list (pages 1,000 to 10,000 at 100,000 recipes).
    deep: () =>
      get('deep', `${LIST}?page=${random.int(Math.max(2, Math.ceil(lastPage / 10)), lastPage)}`),
    trending: () => get('trending', `${LIST}most_liked/`),
  };
}

/** Members' writes on random recipes: save toggles, reactions and comments. */
export function writeTraffic(
  shape: TrafficShape,
  tokens: readonly string[],
  seed: number,
): Record<WriteKind, Generate> {
  const random = new Random(seed);
  const recipe = () => `${LIST}${random.int(1, shape.recipes)}/`;
  const token = () => random.pick(tokens);
  return {
    save: () => ({ kind: 'save', method: 'POST', path: `${recipe()}save/`, token: token() }),
    reaction: () => ({
      kind: 'reaction',
      method: 'POST',
      path: `${recipe()}like/`,
      body: JSON.stringify({ reaction_type: random.pick(REACTION_TYPES) }),
      token: token(),
    }),
    comment: () => ({
      kind: 'comment',
      method: 'POST',
      path: `${recipe()}comments/`,
      body: JSON.stringify({
        content: `Bench comment ${random.int(1, 1_000_000)}: made it, loved it.`,
      }),
      token: token(),
    }),
  };
}

/** Picks one of `parts` by weight for each request. */
export function mix(
  seed: number,
  parts: readonly [weight: number, generate: Generate][],
): Generate {
  const random = new Random(seed);
  const total = parts.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = random.float() * total;
    for (const [weight, generate] of parts) {
      roll -= weight;
      if (roll < 0) return generate();
    }
    return parts.at(-1)![1]();
  };
}

/** The visitor mix: 25 % list page 1, 10 % deep pages, 15 % category, 15 % search, 30 % detail, 5 % trending. */
export function visitorMix(reads: Record<ReadKind, Generate>, seed: number): Generate {
  return mix(seed, [
    [25, reads.list1],
    [10, reads.deep],
    [15, reads.category],
    [15, reads.search],
    [30, reads.detail],
    [5, reads.trending],
  ]);
}

/** The visitor mix with 10 % writes by members, a third each save toggles, reactions, comments. */
export function mixWithWrites(
  reads: Record<ReadKind, Generate>,
  writes: Record<WriteKind, Generate>,
  seed: number,
): Generate {
  const writing = mix(seed + 1, [
    [1, writes.save],
    [1, writes.reaction],
    [1, writes.comment],
  ]);
  return mix(seed, [
    [90, visitorMix(reads, seed + 2)],
    [10, writing],
  ]);
}

/** The members who write: 20 plain members (role User), the first ones after the chefs. */
export function memberIds(count: number): number[] {
  return Array.from({ length: count }, (_, i) => FIRST_MEMBER_ID + i);
}
