import { describe, expect, it } from 'vitest';
import {
  homeAfterDelete,
  ingredientLines,
  instructionLines,
} from '../../web/src/features/recipe-detail/recipe-text';

describe('ingredientLines', () => {
  it('keeps numbered lines and gives the others a dot prefix', () => {
    expect(ingredientLines('1) 2 cups rice\nsalt\r\n  \n10) water\n2 onions')).toEqual([
      '1) 2 cups rice',
      '• salt',
      '10) water',
      '• 2 onions',
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(ingredientLines('  \n')).toEqual([]);
  });
});

describe('instructionLines', () => {
  it('adds a clover unless the line already has one', () => {
    expect(instructionLines('Boil water\n☘ Add rice\n\nServe')).toEqual([
      '☘ Boil water',
      '☘ Add rice',
      '☘ Serve',
    ]);
  });
});

describe('homeAfterDelete', () => {
  it('returns to fromPage limited to the last page, keeping the filters', () => {
    expect(homeAfterDelete(5, 4, '1,2', 'dal')).toBe('/?page=4&categories=1,2&search=dal');
    expect(homeAfterDelete(2, 4, null, null)).toBe('/?page=2');
    expect(homeAfterDelete(1, 1, null, '')).toBe('/');
    expect(homeAfterDelete(0, 3, null, null)).toBe('/');
  });
});
