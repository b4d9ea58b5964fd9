import { describe, expect, it } from 'vitest';
import {
  parseServings,
  recipeServerErrors,
  validateRecipe,
} from '../../web/src/components/recipe-form/recipe-form-rules';

const valid = {
  title: 'Dal',
  ingredients: '1 cup lentils',
  instructions: 'Boil.',
  img: null,
  category_ids: [1],
};

describe('parseServings', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['4', 4],
    [' 12 ', 12],
    ['1', 1],
    ['100', 100],
  ])('reads %j as %j', (text, expected) => {
    expect(parseServings(text)).toBe(expected);
  });

  it.each(['0', '101', '2.5', '-3', 'four', '1e2', '4 people'])('refuses %j', (text) => {
    expect(parseServings(text)).toBeNaN();
  });
});

describe('validateRecipe', () => {
  it('says the server texts for bad servings and a bad source link', () => {
    expect(validateRecipe({ ...valid, servings: NaN, source_url: 'ftp://x.example' })).toEqual({
      servings: 'Servings must be a whole number from 1 to 100.',
      source_url: 'Please provide a valid source URL.',
    });
  });

  it('accepts a recipe without servings or source, as old recipes are', () => {
    expect(validateRecipe(valid)).toEqual({});
    expect(validateRecipe({ ...valid, servings: null, source_url: null })).toEqual({});
  });
});

describe('recipeServerErrors', () => {
  it('puts the server messages of the new fields beside them', () => {
    expect(
      recipeServerErrors({ servings: ['S'], source_url: ['U'], 'category_ids.0': ['C'], x: ['X'] }),
    ).toEqual({ servings: 'S', source_url: 'U', category_ids: 'C' });
  });
});
