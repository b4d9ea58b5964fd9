/**
 * The bench's data set, generated from a fixed seed: the same rows on every machine and every run.
 * Bump GENERATOR_VERSION whenever the output of this file changes, so cached SQLite files are
 * rebuilt instead of silently measuring an older data set.
 */
import { mulberry32 } from '../server/src/seed/mulberry32.js';

export const GENERATOR_VERSION = 'g1';

export const USER_COUNT = 2_000;
/** Users 2..CHEF_COUNT+1 are chefs and author the recipes; user 1 is an admin. */
const CHEF_COUNT = 200;
export const DEFAULT_RECIPE_COUNT = 100_000;

/** The two words the search target looks for: both common in ingredients and instructions. */
export const SEARCH_WORDS = ['garlic', 'onion'] as const;

/** Recipes are spread over the ~2.9 years before this instant, one every 15 minutes or so. */
const END = Date.UTC(2026, 10, 1);
const RECIPE_SPACING_MS = 15 * 60_000;

export class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** A whole number from lo to hi, both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Exponentially distributed count with the given mean, capped. */
  count(mean: number, cap: number): number {
    return Math.min(cap, Math.floor(-Math.log(1 - this.next()) * mean));
  }
  /** `n` distinct whole numbers from lo to hi (n is small next to the range). */
  distinct(n: number, lo: number, hi: number): number[] {
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(this.int(lo, hi));
    return [...chosen];
  }
}

// Vocabulary: plain English kitchen words, a few Bangla dish names (the demo's cuisine) and some
// accented words, so search and collation see non-ASCII text.
// prettier-ignore
const FIRST_NAMES = [
  'Nusrat', 'Tanvir', 'Farhana', 'Imran', 'Sadia', 'Rakib', 'Maliha', 'Arif', 'Ayesha', 'Karim',
  'Léa', 'José', 'Zoë', 'Renée', 'Björn', 'Chloé', 'Noël', 'Inés', 'Mía', 'Søren',
  'Anna', 'Omar', 'Priya', 'Hugo', 'Yuki', 'Elena', 'Tomás', 'Fatima', 'Lars', 'Amara',
];
// prettier-ignore
const LAST_NAMES = [
  'Jahan', 'Ahmed', 'Rahman', 'Hossain', 'Islam', 'Hasan', 'Chowdhury', 'Khan', 'Begum', 'Uddin',
  'Müller', 'García', 'Nuñez', 'Lefèvre', 'Østergaard', 'Doğan', 'Smith', 'Rossi', 'Kowalski', 'Sato',
];
// prettier-ignore
const TITLE_WORDS = [
  'spicy', 'creamy', 'smoky', 'crispy', 'tangy', 'golden', 'slow-cooked', 'quick', 'classic',
  'homestyle', 'grilled', 'roasted', 'steamed', 'fried', 'baked', 'sweet', 'sour', 'fragrant',
  'chicken', 'beef', 'mutton', 'egg', 'lentil', 'rice', 'potato', 'mango', 'coconut', 'prawn',
  'fish', 'paneer', 'spinach', 'pumpkin', 'curry', 'biryani', 'khichuri', 'bhuna', 'korma',
  'kebab', 'pulao', 'halwa', 'payesh', 'pitha', 'salad', 'soup', 'stew', 'tart', 'crème',
  'brûlée', 'purée', 'sautéed', 'flambé', 'jalapeño', 'café', 'piña', 'gruyère', 'pâté',
  'with', 'and', 'style', 'Dhaka', 'Sylhet', 'Chittagong', 'Friday', 'festive', 'village',
];
const COMMON_INGREDIENTS = ['garlic', 'onion', 'salt', 'mustard oil', 'ginger paste'];
// prettier-ignore
const INGREDIENTS = [
  'garlic', 'onion', 'red onion', 'ginger', 'green chilli', 'jalapeño', 'turmeric', 'cumin seeds',
  'coriander powder', 'garam masala', 'bay leaves', 'cardamom pods', 'cinnamon stick', 'cloves',
  'chicken thighs', 'beef brisket', 'mutton shoulder', 'eggs', 'red lentils', 'basmati rice',
  'chinigura rice', 'potatoes', 'tomatoes', 'coconut milk', 'yoghurt', 'ghee', 'butter',
  'crème fraîche', 'gruyère', 'sugar', 'jaggery', 'milk', 'flour', 'lime juice', 'mango pulp',
  'fresh coriander', 'mint leaves', 'fried onions', 'rose water', 'saffron', 'cashews', 'raisins',
  'black pepper', 'panch phoron', 'spinach', 'pumpkin', 'prawns', 'hilsa fish', 'paneer', 'purée',
];
const UNITS = ['g', 'kg', 'ml', 'cup', 'cups', 'tbsp', 'tsp', 'pinch', 'cloves', 'pieces', ''];
// prettier-ignore
const VERBS = [
  'Heat', 'Stir', 'Add', 'Fry', 'Simmer', 'Whisk', 'Fold in', 'Season', 'Roast', 'Sauté',
  'Marinate', 'Grind', 'Layer', 'Cover and cook', 'Bring to a boil', 'Rest', 'Garnish with',
];
// prettier-ignore
const PHRASES = [
  'over a low flame', 'for about ten minutes', 'until the oil separates', 'with a pinch of salt',
  'in a heavy-bottomed pan', 'the spices', 'until fragrant', 'the rice gently', 'until golden',
  'with fresh coriander', 'until the meat is tender', 'the crème fraîche', 'so nothing sticks',
  'and taste for seasoning', 'without stirring too often', 'with the lid slightly open',
  'the purée into the pot', 'until it thickens', 'the sautéed onions', 'then turn off the heat',
  'for a café-style finish', 'and let it rest before serving',
];
// prettier-ignore
const COMMENT_PHRASES = [
  'Made this tonight', 'Delicious!', 'My family loved it', 'A bit too spicy for me',
  'Perfect with plain rice', 'I used less oil', 'Tastes just like home', 'Trop bon, merci',
  'Will make again', 'Added extra garlic', 'The crème fraîche made it', 'Great for Friday lunch',
];
export const REACTION_TYPES = ['LIKE', 'LOVE', 'WOW', 'SAD'] as const;

export interface UserRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'Admin' | 'Chef' | 'User';
  createdAt: number;
}

export interface RecipeRow {
  id: number;
  title: string;
  ingredients: string;
  instructions: string;
  authorId: number | null;
  createdAt: number;
  categories: number[];
  reactions: { userId: number; type: (typeof REACTION_TYPES)[number]; createdAt: number }[];
  saves: { userId: number; createdAt: number }[];
  comments: { userId: number; content: string; createdAt: number }[];
  reviews: { userId: number; body: string | null; rating: number; createdAt: number }[];
}

/** The email of bench user `id` (all users share BENCH_PASSWORD, see seed.ts). */
export function userEmail(id: number): string {
  return `bench.user${String(id).padStart(4, '0')}@recipehub.local`;
}

/** The first plain member (role User): ids below are the admin and the chefs. */
export const FIRST_MEMBER_ID = CHEF_COUNT + 2;

export function generateUsers(): UserRow[] {
  const random = new Random(1);
  const users: UserRow[] = [];
  for (let id = 1; id <= USER_COUNT; id++) {
    const role = id === 1 ? 'Admin' : id <= CHEF_COUNT + 1 ? 'Chef' : 'User';
    users.push({
      id,
      email: userEmail(id),
      firstName: random.pick(FIRST_NAMES),
      lastName: random.pick(LAST_NAMES),
      role,
      createdAt: END - 4 * 365 * 86_400_000 + id * 60_000,
    });
  }
  return users;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function title(random: Random): string {
  const words: string[] = [];
  const n = random.int(3, 8);
  for (let i = 0; i < n; i++) words.push(random.pick(TITLE_WORDS));
  return capitalise(words.join(' '));
}

function ingredients(random: Random): string {
  const lines: string[] = [];
  const n = random.int(5, 15);
  for (let i = 0; i < n; i++) {
    const name = random.chance(0.3) ? random.pick(COMMON_INGREDIENTS) : random.pick(INGREDIENTS);
    const unit = random.pick(UNITS);
    lines.push(`${random.int(1, 500)}${unit ? ` ${unit}` : ''} ${name}`);
  }
  return lines.join('\n');
}

/** One instruction line of 60 to 200 characters. */
function instructionLine(random: Random): string {
  const target = random.int(60, 200);
  let line = `${random.pick(VERBS)} ${random.pick(PHRASES)}`;
  while (line.length < target) line += `, ${random.pick(PHRASES)}`;
  if (line.length > 199) line = line.slice(0, 199).trimEnd();
  return `${line}.`;
}

function instructions(random: Random): string {
  const lines: string[] = [];
  const n = random.int(4, 12);
  for (let i = 0; i < n; i++) lines.push(instructionLine(random));
  return lines.join('\n');
}

function comment(random: Random): string {
  const parts = [random.pick(COMMENT_PHRASES)];
  if (random.chance(0.5)) parts.push(random.pick(PHRASES));
  return parts.join(', ') + '.';
}

/** Recipe `id` (1-based) of a data set of `total`, with its categories and child rows. */
export function generateRecipe(id: number, total: number): RecipeRow {
  // One generator per recipe: recipe N is the same whatever the batch size or the total.
  const random = new Random(0x9e3779b9 ^ id);
  const createdAt = END - (total - id + 1) * RECIPE_SPACING_MS + random.int(0, 10 * 60_000);
  const ageMs = END - createdAt;
  const later = () => createdAt + Math.floor(random.float() * ageMs);

  const categories = random.distinct(random.int(1, 3), 1, 10);
  const reactions = random
    .distinct(random.count(3.5, 400), 1, USER_COUNT)
    .map((userId) => ({ userId, type: random.pick(REACTION_TYPES), createdAt: later() }));
  const saves = random
    .distinct(random.count(1.5, 100), 1, USER_COUNT)
    .map((userId) => ({ userId, createdAt: later() }));
  const comments = Array.from({ length: random.count(1.5, 60) }, () => ({
    userId: random.int(1, USER_COUNT),
    content: comment(random),
    createdAt: later(),
  })).sort((a, b) => a.createdAt - b.createdAt);
  const reviews = random.chance(0.1)
    ? random.distinct(random.int(1, 3), 1, USER_COUNT).map((userId) => ({
        userId,
        body: random.chance(0.7) ? comment(random) : null,
        rating: random.int(1, 5),
        createdAt: later(),
      }))
    : [];

  return {
    id,
    title: title(random),
    ingredients: ingredients(random),
    instructions: instructions(random),
    // About 1% of recipes belong to a deleted account and show as "Anonymous".
    authorId: random.chance(0.01) ? null : random.int(2, CHEF_COUNT + 1),
    createdAt,
    categories,
    reactions,
    saves,
    comments,
    reviews,
  };
}
