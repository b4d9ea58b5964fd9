import { describe, expect, it } from 'vitest';
import { recipePageCount as pageCount } from '../../openapi/src/limits';
import {
  detailHref,
  listQuery,
  parseListParams,
  withFilters,
} from '../../web/src/components/recipe-list/recipe-list-params';

describe('home list URL state', () => {
  it('reads page, categories and search from the query', () => {
    expect(
      parseListParams(new URLSearchParams('page=3&categories=2,5,2&search=%20dal%20')),
    ).toEqual({ page: 3, categories: [2, 5], search: 'dal' });
  });

  it('falls back to page 1 and no filters for missing or malformed values', () => {
    expect(parseListParams(new URLSearchParams('page=0&categories=x,,4'))).toEqual({
      page: 1,
      categories: [4],
      search: '',
    });
  });

  it('writes only what differs from the default', () => {
    expect(listQuery({ page: 1, categories: [], search: '' })).toBe('');
    expect(listQuery({ page: 2, categories: [1, 3], search: 'rice dal' })).toBe(
      'page=2&categories=1,3&search=rice+dal',
    );
  });

  it('resets to page 1 when a filter changes', () => {
    expect(withFilters({ page: 4, categories: [1], search: '' }, { search: 'egg' })).toEqual({
      page: 1,
      categories: [1],
      search: 'egg',
    });
  });

  it('counts pages of 10, at least 1', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(34)).toBe(4);
  });

  it('links a card to the detail page with fromPage and the filters', () => {
    expect(detailHref(7, { page: 3, categories: [1, 2], search: 'x' })).toBe(
      '/recipes/7?fromPage=3&categories=1,2&search=x',
    );
    expect(detailHref(7, { page: 1, categories: [], search: '' })).toBe('/recipes/7?fromPage=1');
  });
});
