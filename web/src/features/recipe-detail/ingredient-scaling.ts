/**
 * Rescales the quantity at the start of an ingredient line ("1 1/2 cups flour", "½ tsp salt",
 * "250 g butter", "2-3 cloves garlic") by a servings factor. Pure and exact: quantities are
 * rational numbers (numerator/denominator), so 1/3 × 3 is 1, not 0.9999, and scaling up by a
 * whole factor and back down returns the line as it was (tests/unit/ingredient-scaling.test.ts
 * checks that property with fast-check). Lines without a leading quantity ("salt to taste") are
 * left alone; so are numbers later in a line ("bake 20 minutes" is not an ingredient amount).
 */

/** A non-negative rational, always reduced, denominator > 0. */
export interface Fraction {
  n: number;
  d: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

export function fraction(n: number, d = 1): Fraction {
  const divisor = gcd(n, d) || 1;
  return { n: n / divisor, d: d / divisor };
}

export const times = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.n, a.d * b.d);

const VULGAR: Record<string, Fraction> = {
  '½': { n: 1, d: 2 },
  '⅓': { n: 1, d: 3 },
  '⅔': { n: 2, d: 3 },
  '¼': { n: 1, d: 4 },
  '¾': { n: 3, d: 4 },
  '⅕': { n: 1, d: 5 },
  '⅖': { n: 2, d: 5 },
  '⅗': { n: 3, d: 5 },
  '⅘': { n: 4, d: 5 },
  '⅙': { n: 1, d: 6 },
  '⅚': { n: 5, d: 6 },
  '⅛': { n: 1, d: 8 },
  '⅜': { n: 3, d: 8 },
  '⅝': { n: 5, d: 8 },
  '⅞': { n: 7, d: 8 },
};
const VULGAR_CHARS = Object.keys(VULGAR).join('');
const VULGAR_OF = new Map(Object.entries(VULGAR).map(([char, f]) => [`${f.n}/${f.d}`, char]));

/** How a quantity was written, so the scaled one is written the same way. */
type Style = 'vulgar' | 'slash' | 'decimal' | 'decimal-comma' | 'whole';

/**
 * Metric units, whose amounts read best as decimals ("83 g", "0.3 kg"); a whole number before
 * anything else is a count or a cup measure, which reads best in fractions ("⅓ egg", "1/2 cup").
 */
const METRIC_UNIT =
  /^\s*(?:mg|g|gr|kg|ml|cl|dl|l|grams?|kilograms?|kilos?|millilit(?:re|er)s?|lit(?:re|er)s?)\b/iu;

interface Quantity {
  /** One value, or the two ends of a range ("2-3", "2 to 3"). */
  values: Fraction[];
  style: Style;
  /** Where the quantity starts and ends in the line. */
  start: number;
  end: number;
}

// A list marker in front ("1) ", "- ", "• "): kept as it is, never scaled.
const MARKER = /^\s*(?:\d{1,3}\)\s+|[-•*]\s+)?/u;
// One amount: "1 1/2", "1½", "1 ½", "½", "3/4", "1.5", "1,5", "250".
const AMOUNT = `(?:\\d+\\s*[${VULGAR_CHARS}]|\\d+\\s+\\d+\\/\\d+|\\d+\\/\\d+|\\d+(?:[.,]\\d+)?|[${VULGAR_CHARS}])`;
const QUANTITY = new RegExp(`^(${AMOUNT})(?:\\s*(?:-|–|to)\\s*(${AMOUNT}))?(?![\\d/.,]*\\d)`, 'u');

function parseAmount(text: string): { value: Fraction; style: Style } | null {
  const compact = text.trim();
  let match = new RegExp(`^(\\d+)\\s*([${VULGAR_CHARS}])$`, 'u').exec(compact);
  if (match) {
    const part = VULGAR[match[2]!]!;
    return { value: fraction(Number(match[1]) * part.d + part.n, part.d), style: 'vulgar' };
  }
  if (VULGAR[compact]) return { value: VULGAR[compact]!, style: 'vulgar' };
  match = /^(\d+)\s+(\d+)\/(\d+)$/.exec(compact);
  if (match) {
    const [whole, n, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return d === 0 ? null : { value: fraction(whole * d + n, d), style: 'slash' };
  }
  match = /^(\d+)\/(\d+)$/.exec(compact);
  if (match) {
    const d = Number(match[2]);
    return d === 0 ? null : { value: fraction(Number(match[1]), d), style: 'slash' };
  }
  match = /^(\d+)(?:([.,])(\d+))?$/.exec(compact);
  if (match) {
    const decimals = match[3] ?? '';
    // More than 6 digits would overflow exact integer arithmetic after a few scalings.
    if (decimals.length > 6 || match[1]!.length > 9) return null;
    const d = 10 ** decimals.length;
    const value = fraction(Number(match[1]) * d + Number(decimals || 0), d);
    if (!match[2]) return { value, style: 'whole' };
    return { value, style: match[2] === ',' ? 'decimal-comma' : 'decimal' };
  }
  return null;
}

/** The quantity at the start of `line` (after a list marker), or null when there is none. */
export function findQuantity(line: string): Quantity | null {
  const start = MARKER.exec(line)?.[0].length ?? 0;
  const match = QUANTITY.exec(line.slice(start));
  if (!match) return null;
  const first = parseAmount(match[1]!);
  const second = match[2] === undefined ? null : parseAmount(match[2]);
  if (!first || (match[2] !== undefined && !second)) return null;
  const values = second ? [first.value, second.value] : [first.value];
  const end = start + match[0].length;
  // A range keeps the style of its first end ("1/2-1 cup" stays in fractions).
  let style = first.style;
  if (style === 'whole' && METRIC_UNIT.test(line.slice(end))) style = 'decimal';
  return { values, style, start, end };
}

/** Denominators a cook can measure: halves, thirds, quarters, eighths. */
const KITCHEN_DENOMINATORS = [2, 3, 4, 8];

function formatFraction(value: Fraction, style: Style): string {
  const whole = Math.floor(value.n / value.d);
  const rest = fraction(value.n - whole * value.d, value.d);
  if (rest.n === 0) return String(whole);
  if (style === 'vulgar') {
    const char = VULGAR_OF.get(`${rest.n}/${rest.d}`);
    if (char) return whole > 0 ? `${whole}${char}` : char;
  }
  const part = `${rest.n}/${rest.d}`;
  return whole > 0 ? `${whole} ${part}` : part;
}

function formatDecimal(value: Fraction, separator: '.' | ','): string {
  const exact = value.n / value.d;
  // Sensible precision for a kitchen: whole units from 10 up, one decimal below, two below 0.1.
  const digits = exact >= 10 ? 0 : exact >= 0.1 ? 1 : 2;
  let text = exact.toFixed(digits);
  if (digits > 0) text = text.replace(/\.?0+$/, '');
  if (text === '0') text = exact > 0 ? (0.01).toFixed(2) : '0';
  return separator === ',' ? text.replace('.', ',') : text;
}

/** Decimal places `value` needs, or null when it has no finite decimal form. */
function decimalPlaces(value: Fraction): number | null {
  let d = value.d;
  let twos = 0;
  let fives = 0;
  for (; d % 2 === 0; d /= 2) twos += 1;
  for (; d % 5 === 0; d /= 5) fives += 1;
  return d === 1 ? Math.max(twos, fives) : null;
}

/** True when `value` is exact in `style` (a short finite decimal, or a measurable fraction). */
function isExact(value: Fraction, style: Style): boolean {
  if (style === 'decimal' || style === 'decimal-comma') {
    const places = decimalPlaces(value);
    return places !== null && places <= 3;
  }
  if (value.d === 1 || KITCHEN_DENOMINATORS.includes(value.d)) return true;
  // Fifths and sixths only where the cook wrote such fractions; a whole number's fifth is a decimal.
  return style !== 'whole' && VULGAR_OF.has(`1/${value.d}`);
}

/** The nearest amount a cook can measure, for results like 5/12 that no spoon shows. */
function nearestKitchenAmount(value: Fraction): Fraction {
  const exact = value.n / value.d;
  if (exact >= 10) return fraction(Math.round(exact));
  let best = fraction(Math.round(exact * 8), 8);
  for (const d of KITCHEN_DENOMINATORS) {
    const candidate = fraction(Math.round(exact * d), d);
    const distance = Math.abs(candidate.n / candidate.d - exact);
    if (distance < Math.abs(best.n / best.d - exact) - 1e-12) best = candidate;
  }
  // Never round an amount away to nothing: the smallest measurable one instead.
  return best.n === 0 ? fraction(1, 8) : best;
}

function formatValue(value: Fraction, style: Style): string {
  if (style === 'decimal' || style === 'decimal-comma') {
    const separator = style === 'decimal-comma' ? ',' : '.';
    if (!isExact(value, style)) return formatDecimal(value, separator);
    const text = (value.n / value.d).toFixed(decimalPlaces(value) ?? 0);
    return separator === ',' ? text.replace('.', ',') : text;
  }
  if (style === 'whole' && !isExact(value, style)) {
    // "2 tsp" for 1/5 of the servings is "0.4 tsp", which is exact (and scales back to "2 tsp");
    // only what no short decimal shows either (1/7) is rounded to a measurable amount.
    const places = decimalPlaces(value);
    if (places !== null && places <= 2) return formatValue(value, 'decimal');
  }
  // A whole number scaled to a fraction is written as the cook would print it ("⅓ egg").
  const written = style === 'whole' ? 'vulgar' : style;
  return formatFraction(isExact(value, style) ? value : nearestKitchenAmount(value), written);
}

/**
 * Kitchen words whose number follows the amount ("1 egg", "2 eggs"; "⅓ egg", not "⅓ eggs"). Only
 * the word right after the amount, and only these: guessing English plurals of arbitrary words
 * (or of other languages) would do more harm than a plural left as it was.
 */
const PLURALS: Record<string, string> = Object.fromEntries(
  (
    'egg apple banana bay carrot clove cup can chilli chili courgette glass handful jar lemon ' +
    'lime onion orange pear pepper piece pinch sachet shallot slice sprig stalk stick ' +
    'tablespoon teaspoon tortilla zucchini'
  )
    .split(' ')
    .map((word) => [word, /(ch|sh)$/.test(word) ? `${word}es` : `${word}s`])
    .concat([
      ['potato', 'potatoes'],
      ['tomato', 'tomatoes'],
      ['leaf', 'leaves'],
      ['loaf', 'loaves'],
      ['bunch', 'bunches'],
    ]),
);
const SINGULARS: Record<string, string> = Object.fromEntries(
  Object.entries(PLURALS).map(([one, many]) => [many, one]),
);

const isPlural = (value: Fraction) => value.n > value.d;

/** `rest` (the text after the amount) with its first word agreeing with the new amount. */
function agree(rest: string, before: Fraction, after: Fraction): string {
  if (isPlural(before) === isPlural(after)) return rest;
  const match = /^(\s+)(\p{L}+)/u.exec(rest);
  if (!match) return rest;
  const word = match[2]!;
  const lower = word.toLowerCase();
  const swapped = isPlural(after) ? PLURALS[lower] : SINGULARS[lower];
  if (!swapped) return rest;
  const cased =
    word[0] === word[0]!.toUpperCase() ? swapped[0]!.toUpperCase() + swapped.slice(1) : swapped;
  return match[1] + cased + rest.slice(match[0].length);
}

/**
 * `line` with its leading quantity multiplied by `factor` (e.g. 6/4 for 4 servings made as 6).
 * Lines without a quantity come back unchanged, as does every line for a factor of 1.
 */
export function scaleIngredientLine(line: string, factor: Fraction): string {
  if (factor.n === factor.d) return line;
  const quantity = findQuantity(line);
  if (!quantity) return line;
  const exact = quantity.values.map((value) => times(value, factor));
  const shown = exact.map((value) => formatValue(value, quantity.style));
  const original = line.slice(quantity.start, quantity.end);
  // A range keeps its own joining words ("2 to 3", "2–3").
  const amount =
    shown.length === 2
      ? original.replace(
          /^(.*?)(\s*(?:-|–|to)\s*)(.*)$/u,
          (_all, _a, joint: string) => `${shown[0]}${joint}${shown[1]}`,
        )
      : shown[0]!;
  const rest = agree(line.slice(quantity.end), quantity.values.at(-1)!, exact.at(-1)!);
  return line.slice(0, quantity.start) + amount + rest;
}

/** Every line of a recipe's ingredient text scaled from `from` servings to `to`. */
export function scaleIngredients(text: string, from: number, to: number): string {
  if (!(from > 0) || !(to > 0)) return text;
  const factor = fraction(to, from);
  return text
    .split('\n')
    .map((line) => scaleIngredientLine(line, factor))
    .join('\n');
}
