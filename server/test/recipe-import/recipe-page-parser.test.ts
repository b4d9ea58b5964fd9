import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isoDurationMinutes } from '../../src/modules/recipe-import/iso-duration.js';
import { parseRecipePage } from '../../src/modules/recipe-import/recipe-page-parser.js';

/** The corpus: pages in the shapes real recipe sites publish (test/recipe-import/pages/). */
const page = (name: string, url = `https://site.example/${name}`) =>
  parseRecipePage(readFileSync(path.join(import.meta.dirname, 'pages', name), 'utf8'), url);

describe('parseRecipePage', () => {
  it('reads a top-level JSON-LD Recipe with HowToSteps', () => {
    expect(page('jsonld-top-level.html')).toEqual({
      title: 'Shakshuka',
      ingredients: ['6 eggs', '1 can (400 g) tomatoes', '1 onion, sliced'],
      instructions: [
        'Soften the onion in oil for 10 minutes.',
        'Add the tomatoes and simmer for 15 minutes.',
        'Crack in the eggs, cover and cook for 6 minutes.',
      ],
      image: 'https://cdn.example.org/shakshuka.jpg',
      servings: 4,
      categoryHints: ['Breakfast', 'eggs', 'tomato', 'vegetarian'],
      totalMinutes: 90,
    });
  });

  it('finds the Recipe in an @graph, with an ImageObject and prep + cook times', () => {
    const recipe = page('jsonld-graph.html');
    expect(recipe?.title).toBe('Red Lentil Soup');
    expect(recipe?.image).toBe('https://blog.example.org/img/soup-1200.jpg');
    expect(recipe?.servings).toBe(6);
    expect(recipe?.totalMinutes).toBe(35);
    expect(recipe?.categoryHints).toEqual(['Soup', 'Dinner', 'Turkish', 'lentils', 'soup']);
    expect(recipe?.instructions).toEqual([
      'Rinse the lentils.',
      'Simmer everything for 25 minutes, then blend.',
    ]);
  });

  it('takes a Recipe among several types in a top-level array, resolving a relative image', () => {
    const recipe = page('jsonld-type-array.html', 'https://bake.example/recipes/banana');
    expect(recipe?.title).toBe('Banana Bread');
    expect(recipe?.image).toBe('https://bake.example/images/banana-bread-16x9.jpg');
    expect(recipe?.servings).toBe(8);
    expect(recipe?.ingredients).toEqual(['3 ripe bananas', '1 1/2 cups flour', '½ tsp salt']);
    expect(recipe?.instructions).toEqual([
      'Mash the bananas.',
      'Mix everything.',
      'Bake for 1 hour.',
    ]);
  });

  it('keeps HowToSection names as headings before their steps', () => {
    const recipe = page('jsonld-sections.html');
    expect(recipe?.instructions).toEqual([
      'For the ragù:',
      'Brown the beef.',
      'Simmer with tomatoes for 1 hour.',
      'Assembly:',
      'Layer sheets, ragù and béchamel.',
      'Bake at 180 °C for 40 minutes.',
    ]);
    expect(recipe?.image).toBe('https://example.net/lasagne.webp');
    expect(recipe?.totalMinutes).toBe(120);
  });

  it('strips tags and decodes entities inside JSON-LD strings, and resolves a scheme-relative image', () => {
    const recipe = page('jsonld-html-in-strings.html');
    expect(recipe?.title).toBe('Mac & Cheese deluxe');
    expect(recipe?.ingredients).toEqual(['200 g macaroni', '100 g cheddar & gruyère']);
    expect(recipe?.instructions).toEqual(['Boil the pasta.', 'Stir in the cheese sauce.']);
    expect(recipe?.image).toBe('https://images.example.com/mac.jpg');
    expect(recipe?.servings).toBe(2);
    expect(recipe?.totalMinutes).toBe(20);
  });

  it('finds a Recipe nested as a WebPage mainEntity, typed schema:Recipe, with an ItemList of steps', () => {
    const recipe = page('jsonld-main-entity.html');
    expect(recipe?.title).toBe('Guacamole');
    expect(recipe?.image).toBe('https://example.com/guac.png');
    expect(recipe?.instructions).toEqual(['Mash the avocados.', 'Season with lime and salt.']);
    expect(recipe?.servings).toBe(1);
  });

  it('reads microdata when the page has no JSON-LD', () => {
    expect(page('microdata-only.html', 'https://granny.example/pancakes')).toEqual({
      title: "Grandma's Pancakes",
      ingredients: ['2 cups flour', '2 eggs', '1 ½ cups milk'],
      instructions: ['Whisk everything.', 'Fry in a hot pan.'],
      image: 'https://granny.example/photos/pancakes.jpg',
      servings: 4,
      categoryHints: ['Breakfast'],
      totalMinutes: 25,
    });
  });

  it('skips a broken JSON-LD block and reads the next one', () => {
    expect(page('broken-json-then-good.html')?.title).toBe('Tomato Salad');
  });

  it('falls back to microdata when the only JSON-LD block is broken', () => {
    const recipe = page('broken-json-with-microdata.html');
    expect(recipe?.title).toBe('Flatbread');
    expect(recipe?.ingredients).toEqual(['300 g flour', '200 ml water']);
    expect(recipe?.instructions).toEqual(['Knead, rest 30 minutes, roll and bake.']);
    expect(recipe?.image).toBeNull();
  });

  it('finds nothing on a page without a recipe, or with a recipe without a name', () => {
    expect(page('no-recipe.html')).toBeNull();
    expect(page('recipe-without-name.html')).toBeNull();
    expect(parseRecipePage('', 'https://x.example/')).toBeNull();
    expect(parseRecipePage('<html><body>not even close', 'https://x.example/')).toBeNull();
  });

  it('never keeps an image that is not http(s)', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Recipe","name":"X","image":"javascript:alert(1)"}</script>';
    expect(parseRecipePage(html, 'https://x.example/')?.image).toBeNull();
  });
});

describe('isoDurationMinutes', () => {
  it.each([
    ['PT1H30M', 90],
    ['PT45M', 45],
    ['P1DT2H', 1560],
    ['PT0.5H', 30],
    ['PT90S', 2],
    ['pt10m', 10],
    ['P1W', 10080],
  ])('%s is %i minutes', (text, minutes) => {
    expect(isoDurationMinutes(text)).toBe(minutes);
  });

  it.each(['', 'P', 'PT', '30 mins', 'P1Y', 'P1M', 'PT1H30', '1H'])(
    '%j is not a duration',
    (text) => {
      expect(isoDurationMinutes(text)).toBeNull();
    },
  );
});
