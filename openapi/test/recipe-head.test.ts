import { describe, expect, it } from 'vitest';
import { recipeHead, recipePageUrl, type HeadRecipe } from '../src/recipe-head.js';

/**
 * The one recipe page head the server writes and the web app writes after an in-app move
 * (issue 28: the app had its own copy of the description and wrote no canonical URL).
 */
const recipe: HeadRecipe = {
  id: 7,
  title: 'Fried rice',
  img: '/media/recipes/p.webp',
  ingredients: '2 cups rice\none egg',
  instructions: 'Boil the rice.\n\nFry   it.',
  category_names: [],
  created_on: '2026-11-20T10:00:00.000Z',
  servings: null,
  source_url: null,
  review_count: 0,
  average_rating: null,
  user: { firstName: 'Ada', lastName: 'Lovelace' },
};
const site = { publicUrl: 'https://rh.example' };

describe('recipeHead', () => {
  it("titles, describes and addresses the recipe's page, and its Recipe names the same URLs", () => {
    const head = recipeHead(recipe, site);
    expect(head).toMatchObject({
      title: 'Fried rice · RecipeHub',
      description: 'Fried rice by Ada Lovelace: Boil the rice. Fry it.',
      canonicalUrl: 'https://rh.example/recipes/7',
      imageUrl: 'https://rh.example/media/recipes/p.webp',
    });
    expect(head.jsonLd).toMatchObject({
      url: 'https://rh.example/recipes/7',
      image: ['https://rh.example/media/recipes/p.webp'],
    });
    expect(head.jsonLd).not.toHaveProperty('dateModified');
    expect(
      recipeHead(recipe, { ...site, dateModified: '2026-11-21T08:00:00.000Z' }).jsonLd,
    ).toMatchObject({ dateModified: '2026-11-21T08:00:00.000Z' });
  });

  it('cuts a long description at a word, at most 155 characters with the ellipsis', () => {
    const long = recipeHead({ ...recipe, instructions: 'Stir the pot gently. '.repeat(20) }, site);
    expect(long.description.length).toBeLessThanOrEqual(155);
    expect(long.description).toMatch(
      /^Fried rice by Ada Lovelace: (Stir the pot gently\. )+Stir the pot gently\.…$/,
    );
    expect(long.description).not.toMatch(/ …$/);
  });

  it('keeps an absolute http(s) picture and refuses any other scheme', () => {
    const remote = recipeHead({ ...recipe, img: 'http://cdn.example/a.jpg' }, site);
    expect(remote.imageUrl).toBe('http://cdn.example/a.jpg');
    for (const img of ['javascript:alert(1)', 'data:image/png;base64,AAAA', null, '']) {
      const head = recipeHead({ ...recipe, img }, site);
      expect(head.imageUrl).toBeNull();
      expect(head.jsonLd).not.toHaveProperty('image');
    }
  });

  it("builds the page's address as the sitemap lists it", () => {
    expect(recipePageUrl('https://rh.example', 12)).toBe('https://rh.example/recipes/12');
  });
});
