import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from '../../web/src/features/dashboard/dashboard-page';
import { dashboardListInput } from '../../web/src/features/dashboard/dashboard-list-input';
import type { DashboardRecipe } from '../../web/src/features/dashboard/types';
import { queryClient, trpcClient, trpcUtils } from '../../web/src/lib/query-client';
import { trpc } from '../../web/src/lib/trpc';
import {
  CARDS_IN_HTML,
  dashboardListsHtml,
} from '../../server/src/modules/recipe-pages/dashboard-html';

const KEY = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6';
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
  can_edit: true,
};
const recipe = (fields: Partial<DashboardRecipe>) => ({ ...base, ...fields }) as DashboardRecipe;
/*
 * The server paints the dashboard's filters and first cards from the HTML (server/src/modules/
 * recipe-pages/dashboard-html.ts) and the app swaps in its own render: the two must be the same
 * markup, or the page jumps (layout shift) or downloads a photo twice. This renders web/'s
 * DashboardPage with React, its two reads answered, and compares its lists with the server's HTML
 * for the same data: an uploaded photo with its placeholder, an image URL elsewhere, a recipe the
 * member may not edit (an Admin's list), a hostile title.
 */
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
        { type: 'image/avif', srcset: `/media/recipes/${KEY}-320.avif 320w` },
        { type: 'image/webp', srcset: `/media/recipes/${KEY}-320.webp 320w` },
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
    can_edit: false,
  }),
];
const CATEGORIES = [
  { id: 1, name: 'Curry' },
  { id: 2, name: `Tarts & "pies"` },
];

/** React's `.dash-lists` content, and the tabs' id its panels are named after. */
function reactLists(recipes: DashboardRecipe[], count = recipes.length) {
  trpcUtils.categories.list.setData(undefined, CATEGORIES as never);
  trpcUtils.recipes.list.setData(dashboardListInput('my', 1, '', []), {
    count,
    next: null,
    previous: null,
    results: recipes,
  } as never);
  const html = renderToStaticMarkup(
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location="/dashboard/index/">
          <DashboardPage />
        </StaticRouter>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  const open = '<div class="dash-lists">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div></div></main>');
  expect(start).toBeGreaterThan(0);
  const tabsId = /id="([^"]+)-trigger-my"/.exec(html)?.[1];
  expect(tabsId).toBeTruthy();
  return { lists: html.slice(start + open.length, end), tabsId: tabsId! };
}

/**
 * Spellings that parse to the same DOM: React writes some attribute names in camelCase (HTML
 * attribute names are case-insensitive) and an apostrophe as `&#x27;`. The checkboxes' ids are
 * React's useId in one and made from the category id in the other. Nothing else may differ.
 */
const sameDom = (html: string) =>
  html
    .replace(/ (srcSet|fetchPriority|dateTime)=/g, (_, name: string) => ` ${name.toLowerCase()}=`)
    .replaceAll('&#x27;', '&#39;')
    .replace(/ (id|for)="[^"]*-(\d+)"/g, ' $1="category-$2"');

describe('the dashboard lists the server paints', () => {
  it("are web/'s DashboardPage's, element for element (escaped titles included)", () => {
    const { lists, tabsId } = reactLists(RECIPES);
    const server = dashboardListsHtml(CATEGORIES, RECIPES as never, tabsId);
    expect(sameDom(server)).toBe(sameDom(lists));
    expect(server).not.toContain('<script>');
    expect(server).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('hold the first CARDS_IN_HTML cards of a full page, the first one eager and high priority', () => {
    const many = Array.from({ length: 10 }, (_, index) => ({
      ...RECIPES[index % 2]!,
      id: 100 + index,
      title: `Recipe ${index}`,
    }));
    const { lists, tabsId } = reactLists(many, 25);
    const server = dashboardListsHtml(CATEGORIES, many as never, tabsId);
    const react = sameDom(lists);
    const cards = [...react.matchAll(/<li><article class="dash-card">/g)];
    expect(cards).toHaveLength(10);
    const cut = cards[CARDS_IN_HTML]!.index;
    const savedPanel = react.indexOf('<div data-state="inactive"');
    // The same markup but for the later cards and the pagination, which arrive with the app.
    expect(sameDom(server)).toBe(`${react.slice(0, cut)}</ul></div>${react.slice(savedPanel)}`);
    expect(react.slice(cut, savedPanel)).toContain('aria-label="My recipes pages"');
    expect(server.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(server.match(/class="dash-card"/g)).toHaveLength(CARDS_IN_HTML);
    expect(server).not.toContain('Recipe 6');
  });

  it('is empty for no recipes: the page renders itself', () => {
    expect(dashboardListsHtml(CATEGORIES, [], 'radix-x')).toBe('');
  });
});
