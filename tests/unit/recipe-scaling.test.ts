import { describe, expect, it } from 'vitest';
import {
  scaleIngredientText,
  scalingFromQuery,
  scalingLabel,
  withScaling,
} from '../../web/src/features/recipe-detail/recipe-scaling';

const query = (text: string) => new URLSearchParams(text);

describe('scalingFromQuery', () => {
  it('reads the servings asked for a recipe that states servings', () => {
    expect(scalingFromQuery(4, query('servings=6'))).toEqual({ kind: 'servings', from: 4, to: 6 });
  });

  it.each(['', 'servings=0', 'servings=101', 'servings=2.5', 'servings=abc', 'scale=2'])(
    'keeps the recipe as written for %j',
    (text) => {
      expect(scalingFromQuery(4, query(text))).toEqual({ kind: 'servings', from: 4, to: 4 });
    },
  );

  it('scales by a factor when the recipe states no servings', () => {
    expect(scalingLabel(scalingFromQuery(null, query('scale=1/2')))).toBe('×½');
    expect(scalingLabel(scalingFromQuery(null, query('scale=9')))).toBe('×1');
    expect(scalingLabel(scalingFromQuery(null, query('servings=6')))).toBe('×1');
  });
});

describe('withScaling', () => {
  it('keeps the other parameters and leaves none for the recipe as written', () => {
    const base = query('fromPage=3&servings=6');
    expect(withScaling(base, { kind: 'servings', from: 4, to: 8 }).toString()).toBe(
      'fromPage=3&servings=8',
    );
    expect(withScaling(base, { kind: 'servings', from: 4, to: 4 }).toString()).toBe('fromPage=3');
    expect(withScaling(base, { kind: 'factor', index: 1 }).toString()).toBe(
      'fromPage=3&scale=1%2F2',
    );
  });
});

describe('scaleIngredientText', () => {
  it('scales 4 servings to 6, leaving lines without amounts alone', () => {
    const text = '1) 2 cups rice\n½ tsp salt\nsalt to taste\n250 g butter';
    expect(scaleIngredientText(text, { kind: 'servings', from: 4, to: 6 })).toBe(
      '1) 3 cups rice\n¾ tsp salt\nsalt to taste\n375 g butter',
    );
  });

  it('halves by a factor', () => {
    expect(scaleIngredientText('2 eggs\n1 cup milk', { kind: 'factor', index: 1 })).toBe(
      '1 egg\n½ cup milk',
    );
  });
});
