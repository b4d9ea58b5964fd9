import { describe, expect, it } from 'vitest';
import { authorName, recipeJsonLd, type JsonLdRecipe } from '../src/recipe-json-ld.js';

/**
 * The one schema.org Recipe builder the server's recipe pages and the web app's head both use
 * (issue 13: the two kept a copy each, whose line rules differed for bullet-only lines).
 */
const recipe: JsonLdRecipe = {
  title: 'Fried rice',
  ingredients: '• 2 cups rice\r\n\n1) one egg\n  •  \n☘ soy sauce',
  instructions: '☘ Boil the rice.\nFry it.\n\n',
  category_names: ['Dinner'],
  created_on: '2026-11-20T10:00:00.000Z',
  servings: 2,
  source_url: 'https://example.com/rice',
  review_count: 0,
  average_rating: null,
  user: { firstName: 'Ada', lastName: 'Lovelace' },
};

describe('recipeJsonLd', () => {
  it('describes a recipe with its plain lines, steps, category, yield and source', () => {
    expect(recipeJsonLd(recipe, { imageUrl: 'https://rh.example/media/p.webp' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Fried rice',
      image: ['https://rh.example/media/p.webp'],
      author: { '@type': 'Person', name: 'Ada Lovelace' },
      datePublished: '2026-11-20T10:00:00.000Z',
      recipeIngredient: ['2 cups rice', '1) one egg', 'soy sauce'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Boil the rice.' },
        { '@type': 'HowToStep', text: 'Fry it.' },
      ],
      recipeCategory: ['Dinner'],
      recipeYield: '2',
      isBasedOn: 'https://example.com/rice',
    });
  });

  it("adds the page's URL and last edit when the server knows them, in schema.org's order", () => {
    const data = recipeJsonLd(recipe, {
      pageUrl: 'https://rh.example/recipes/7',
      imageUrl: null,
      dateModified: '2026-11-21T08:00:00.000Z',
    });
    expect(Object.keys(data).slice(0, 7)).toEqual([
      '@context',
      '@type',
      'name',
      'url',
      'author',
      'datePublished',
      'dateModified',
    ]);
    expect(data).not.toHaveProperty('image');
  });

  it('leaves out what a recipe does not have, and rates it once it has reviews', () => {
    const bare = {
      ...recipe,
      category_names: [],
      servings: null,
      source_url: null,
      user: { firstName: '', lastName: ' ' },
    };
    const data = recipeJsonLd(bare, { imageUrl: null });
    for (const key of ['recipeCategory', 'recipeYield', 'isBasedOn', 'aggregateRating']) {
      expect(data).not.toHaveProperty(key);
    }
    expect(data.author).toEqual({ '@type': 'Person', name: 'Anonymous' });
    expect(
      recipeJsonLd({ ...bare, review_count: 3, average_rating: 4.33 }, { imageUrl: null })
        .aggregateRating,
    ).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.33,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('names an author by first and last name', () => {
    expect(authorName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
  });
});
