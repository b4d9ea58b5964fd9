import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TrendingSection } from '../../web/src/features/home/trending-section';
import type { RecipeSummary } from '../../web/src/features/home/types';
import { trendingSectionHtml } from '../../server/src/modules/recipe-pages/home-trending-html';

/*
 * The server paints the home page's trending slider from the HTML (server/src/modules/
 * recipe-pages/home-trending-html.ts) and the app replaces it with its own render: the two must be
 * the same markup, or the page jumps (layout shift) or downloads a photo twice. This renders
 * web/'s TrendingSection with React and compares it with the server's HTML for the same recipes:
 * an uploaded photo with its placeholder, an image URL elsewhere, none, a hostile title.
 */
const base = {
  ingredients: '',
  instructions: '',
  category: [],
  reaction_count: 0,
  is_liked_by_user: false,
  is_saved_by_user: false,
  user_reaction: null,
  review_count: 0,
  average_rating: null,
  servings: null,
  source_url: null,
};
const recipe = (fields: Partial<RecipeSummary>) => ({ ...base, ...fields }) as RecipeSummary;

const KEY = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6';
const RECIPES = [
  recipe({
    id: 7,
    title: `Mum's "best" </script><script>alert(1)</script> & <b>pie</b>`,
    img: `/media/recipes/${KEY}-1280.webp`,
    photo: {
      id: KEY,
      src: `/media/recipes/${KEY}-1280.webp`,
      width: 1280,
      height: 800,
      placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
      sources: [
        {
          type: 'image/avif',
          srcset: `/media/recipes/${KEY}-320.avif 320w, /media/recipes/${KEY}-640.avif 640w`,
        },
        {
          type: 'image/webp',
          srcset: `/media/recipes/${KEY}-320.webp 320w, /media/recipes/${KEY}-640.webp 640w`,
        },
      ],
    },
    category_names: ['Dessert', `Pies "&" <tarts>`],
    user: { firstName: 'Nusrat', lastName: 'Jahan', handle: 'nusrat-jahan' },
    created_on: '2025-03-14T18:30:00.000Z',
  }),
  recipe({
    id: 8,
    title: 'Red Lentil Dal',
    img: 'https://img.example/dal.jpg?a=1&b="2"',
    photo: null,
    category_names: [],
    user: { firstName: '', lastName: '', handle: null },
    created_on: '2025-12-31T20:00:00.000Z',
  }),
  recipe({
    id: 9,
    title: 'Plain',
    img: null,
    photo: null,
    category_names: ['Soup'],
    user: { firstName: 'A', lastName: 'B', handle: 'a-b' },
    created_on: '2024-01-01T00:00:00.000Z',
  }),
];

/**
 * Spellings that parse to the same DOM: React writes some attribute names in camelCase (HTML
 * attribute names are case-insensitive) and an apostrophe as `&#x27;`. The heading's id is
 * React's useId in one and fixed in the other. Nothing else may differ.
 */
const sameDom = (html: string) =>
  html
    .replace(/ (srcSet|fetchPriority|dateTime)=/g, (_, name: string) => ` ${name.toLowerCase()}=`)
    .replaceAll('&#x27;', '&#39;')
    .replace(/(aria-labelledby|id)="[^"]*"/g, '$1="heading"');

describe('the home page trending slider the server paints', () => {
  it("is web/'s TrendingSection, element for element", () => {
    const react = renderToStaticMarkup(
      <StaticRouter location="/">
        <TrendingSection recipes={RECIPES} />
      </StaticRouter>,
    );
    const server = trendingSectionHtml(RECIPES as never);
    expect(sameDom(server)).toBe(sameDom(react));
  });

  it('holds the three slides the slider shows at most, each labelled among all', () => {
    const more = [...RECIPES, { ...RECIPES[2]!, id: 10, title: 'Fourth' }];
    const react = renderToStaticMarkup(
      <StaticRouter location="/">
        <TrendingSection recipes={more} />
      </StaticRouter>,
    );
    const server = trendingSectionHtml(more as never);
    const fourth = react.indexOf(
      '<div class="rh-slider__slide" role="group" aria-roledescription="slide" aria-label="4 of 4">',
    );
    expect(fourth).toBeGreaterThan(0);
    // The same markup but for the fourth slide, which arrives with the app's render.
    expect(sameDom(server)).toBe(
      sameDom(
        react.slice(0, fourth) + react.slice(react.indexOf('</div></div></section>', fourth)),
      ),
    );
    expect(server).toContain('aria-label="3 of 4"');
    expect(server).not.toContain('Fourth');
  });

  it('escapes a hostile title and category', () => {
    const server = trendingSectionHtml(RECIPES as never);
    expect(server).not.toContain('<script>');
    expect(server).not.toContain('<b>');
    expect(server).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(server).toContain('Pies &quot;&amp;&quot; &lt;tarts&gt;');
  });

  it('is nothing without trending recipes', () => {
    expect(trendingSectionHtml([])).toBe('');
  });
});
