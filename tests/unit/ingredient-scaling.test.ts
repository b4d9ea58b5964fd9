import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findQuantity,
  fraction,
  scaleIngredientLine,
  scaleIngredients,
} from '../../web/src/features/recipe-detail/ingredient-scaling';

const scale = (line: string, n: number, d = 1) => scaleIngredientLine(line, fraction(n, d));

describe('scaleIngredientLine', () => {
  it.each([
    ['1 1/2 cups flour', 2, 1, '3 cups flour'],
    ['1 1/2 cups flour', 1, 3, '1/2 cup flour'],
    ['½ tsp salt', 3, 1, '1½ tsp salt'],
    ['1½ tsp salt', 2, 3, '1 tsp salt'],
    ['1 ½ tsp salt', 2, 1, '3 tsp salt'],
    ['250 g butter', 3, 2, '375 g butter'],
    ['250 g butter', 1, 3, '83 g butter'],
    ['1 kg potatoes', 1, 3, '0.3 kg potatoes'],
    ['2 eggs', 1, 6, '⅓ egg'],
    ['1 egg', 3, 1, '3 eggs'],
    ['3 Tomatoes, diced', 1, 3, '1 Tomato, diced'],
    ['2-3 cloves garlic', 2, 1, '4-6 cloves garlic'],
    ['2 to 3 cloves garlic', 1, 2, '1 to 1½ cloves garlic'],
    ['1,5 l water', 2, 1, '3 l water'],
    ['0.75 cup milk', 2, 1, '1.5 cups milk'],
    ['1,5 l water', 3, 1, '4,5 l water'],
    ['3/4 cup sugar', 5, 12, '1/3 cup sugar'],
    ['1/3 cup oil', 5, 4, '3/8 cup oil'],
    ['1) 2 cups rice', 2, 1, '1) 4 cups rice'],
    ['- 2 onions', 1, 2, '- 1 onion'],
    ['• 4 slices bread', 3, 4, '• 3 slices bread'],
    ['250g flour', 2, 1, '500g flour'],
  ])('%s × %i/%i is %s', (line, n, d, expected) => {
    expect(scale(line, n, d)).toBe(expected);
  });

  it.each(['salt to taste', 'Bake until golden', '', '   ', 'a pinch of salt', 'x2 eggs'])(
    'leaves %j alone',
    (line) => {
      expect(scale(line, 3, 2)).toBe(line);
    },
  );

  it('never rounds an amount away to nothing', () => {
    expect(scale('1/8 tsp cloves', 1, 10)).toBe('1/8 tsp cloves');
    expect(scale('5 g yeast', 1, 3000)).toBe('0.01 g yeast');
  });

  it('does not read a number later in the line as an amount', () => {
    expect(findQuantity('bake for 20 minutes')).toBeNull();
    expect(scale('salt, 2 pinches', 2)).toBe('salt, 2 pinches');
  });

  it('refuses malformed amounts rather than guessing', () => {
    expect(findQuantity('1/0 cup')).toBeNull();
    expect(scale('1/0 cup sugar', 2)).toBe('1/0 cup sugar');
  });
});

describe('scaleIngredients', () => {
  it('scales every line from one number of servings to another', () => {
    expect(scaleIngredients('2 eggs\n100 g sugar\nsalt', 4, 6)).toBe('3 eggs\n150 g sugar\nsalt');
  });

  it('leaves the text alone for impossible servings', () => {
    expect(scaleIngredients('2 eggs', 0, 4)).toBe('2 eggs');
    expect(scaleIngredients('2 eggs', 4, Number.NaN)).toBe('2 eggs');
  });
});

/**
 * A line as the formatter writes it: fractions before cup and spoon measures and counts ("1 3/4
 * cups milk", "2¾ tsp salt", "½ egg"), decimals before metric units ("2.5 g flour"), whole numbers
 * before either, and the noun after a count agreeing with it. Dot decimals only: "2,8 g" × 5 is
 * "14 g", and a whole number does not say which decimal separator its line used, so scaling it
 * back writes "2.8 g" (the examples above cover commas).
 */
const fractionAmount = fc
  .record({
    whole: fc.integer({ min: 0, max: 20 }),
    d: fc.constantFrom(2, 3, 4, 8),
    n: fc.integer({ min: 1, max: 7 }),
  })
  .filter(({ n, d }) => n < d && fraction(n, d).d === d)
  .chain(({ whole, n, d }) => {
    const vulgar = (<Record<string, string>>{
      '1/2': '½',
      '1/3': '⅓',
      '2/3': '⅔',
      '1/4': '¼',
      '3/4': '¾',
      '1/8': '⅛',
      '3/8': '⅜',
      '5/8': '⅝',
      '7/8': '⅞',
    })[`${n}/${d}`];
    const slash = whole > 0 ? `${whole} ${n}/${d}` : `${n}/${d}`;
    // Slash fractions stay slash fractions, but a whole number cannot remember that: "1/2 cup"
    // × 2 is "1 cup", and "1 cup" / 2 is written "½ cup", so only vulgar fractions round-trip.
    return fc.constant({
      text: vulgar ? `${whole > 0 ? whole : ''}${vulgar}` : slash,
      many: whole > 0,
    });
  });
const wholeAmount = fc
  .integer({ min: 1, max: 5000 })
  .map((n) => ({ text: String(n), many: n > 1 }));
const decimalAmount = fc
  .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 9 }))
  .map(([whole, tenth]) => ({ text: `${whole}.${tenth}`, many: true }));
const metricTail = fc.constantFrom(' g flour', ' kg potatoes', ' ml milk');
const countTail = fc
  .constantFrom(['cup', 'cups'], ['egg', 'eggs'], ['tomato', 'tomatoes'], ['tsp', 'tsp'])
  .map(([one, many]) => ({ one: ` ${one} x`, many: ` ${many} x` }));
const canonicalLine = fc.oneof(
  fc.tuple(fc.oneof(wholeAmount, decimalAmount), metricTail).map(([a, tail]) => a.text + tail),
  fc
    .tuple(fc.oneof(wholeAmount, fractionAmount), countTail)
    .map(([a, tail]) => a.text + (a.many ? tail.many : tail.one)),
);

describe('scaling properties', () => {
  it('scaling up by a whole factor and back down returns the original line', () => {
    fc.assert(
      fc.property(canonicalLine, fc.integer({ min: 2, max: 12 }), (line, k) => {
        const up = scaleIngredientLine(line, fraction(k));
        expect(scaleIngredientLine(up, fraction(1, k))).toBe(line);
      }),
      { numRuns: 2000 },
    );
  });

  it('never writes long decimals, NaN or a zero for a positive amount', () => {
    fc.assert(
      fc.property(
        canonicalLine,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        (line, n, d) => {
          const scaled = scaleIngredientLine(line, fraction(n, d));
          expect(scaled).not.toMatch(/NaN|Infinity|\d[.,]\d{4,}/);
          expect(findQuantity(scaled)).not.toBeNull();
          expect(scaled).not.toMatch(/^0(?![.,])/);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves every line without a leading amount unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((line) => findQuantity(line) === null),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        (line, n, d) => {
          expect(scaleIngredientLine(line, fraction(n, d))).toBe(line);
        },
      ),
    );
  });
});
