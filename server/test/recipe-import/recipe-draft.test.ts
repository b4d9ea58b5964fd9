import { describe, expect, it } from 'vitest';
import {
  acceptableUrl,
  foldForMatching,
  guessCategories,
  toDraft,
} from '../../src/modules/recipe-import/recipe-draft.js';
import type { ImportedRecipe } from '../../src/modules/recipe-import/recipe-page-parser.js';

const CATEGORIES = [
  { id: 1, name: 'Chicken' },
  { id: 2, name: 'Café Treats' },
  { id: 3, name: 'Soup' },
  { id: 4, name: 'Chickpea' },
  { id: 5, name: 'Crème brûlée' },
];

const recipe = (overrides: Partial<ImportedRecipe> = {}): ImportedRecipe => ({
  title: 'Dal',
  ingredients: ['1 cup lentils'],
  instructions: ['Boil.'],
  image: null,
  servings: null,
  categoryHints: [],
  totalMinutes: null,
  ...overrides,
});

describe('guessCategories', () => {
  it('matches whole words, ignoring case, accents and punctuation', () => {
    expect(guessCategories(['CHICKEN curry', 'cafe-treats', 'creme brulee'], CATEGORIES)).toEqual([
      1, 2, 5,
    ]);
  });

  it('does not match part of a word', () => {
    expect(guessCategories(['Chicks', 'Soups and stews', 'Chickpeas'], CATEGORIES)).toEqual([]);
  });

  it('folds text for matching', () => {
    expect(foldForMatching('  Crème—Brûlée!  ')).toBe('creme brulee');
  });
});

describe('toDraft', () => {
  it('cuts texts to what a recipe takes, at whole lines, and drops refused characters', () => {
    const long = 'x'.repeat(150);
    const draft = toDraft(
      recipe({
        title: `Bad\u0000title\u202E ${'y'.repeat(300)}`,
        ingredients: Array.from({ length: 100 }, (_, i) => `${i} ${long}`),
        instructions: ['Step\u2028one', '', '  '],
      }),
      'https://example.com/dal',
      [],
    );
    expect([...draft.title].length).toBeLessThanOrEqual(200);
    expect(draft.title).toMatch(/^Bad title y+…$/);
    expect(draft.ingredients.length).toBeLessThanOrEqual(10_000);
    expect(draft.ingredients.split('\n').every((line) => line.endsWith(long))).toBe(true);
    expect(draft.instructions).toBe('Step one');
  });

  it('keeps servings within 1-100 only, and links a recipe would accept', () => {
    expect(toDraft(recipe({ servings: 250 }), 'https://example.com/', []).servings).toBeNull();
    expect(toDraft(recipe({ servings: 8 }), 'https://example.com/', []).servings).toBe(8);
    expect(acceptableUrl('https://example.com/a|b.jpg')).toBeNull();
    expect(acceptableUrl('javascript:alert(1)')).toBeNull();
    expect(acceptableUrl(`https://example.com/${'a'.repeat(2100)}`)).toBeNull();
    expect(toDraft(recipe(), 'https://example.com/a|b^c', []).source_url).toBe(
      'https://example.com/a%7Cb%5Ec',
    );
  });
});
