import { describe, expect, it } from 'vitest';
import { paginationItems, type PaginationItem } from './pagination-items';

const render = (items: PaginationItem[]) =>
  items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');

describe('paginationItems', () => {
  it('returns nothing for one page or none', () => {
    expect(paginationItems(1, 1)).toEqual([]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('lists every page when none is skipped', () => {
    expect(render(paginationItems(1, 2))).toBe('1 2');
    expect(render(paginationItems(3, 5))).toBe('1 2 3 4 5');
    expect(render(paginationItems(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('always shows the first and last page and pages within 2 of the current one', () => {
    expect(render(paginationItems(1, 10))).toBe('1 2 3 … 10');
    expect(render(paginationItems(5, 10))).toBe('1 … 3 4 5 6 7 … 10');
    expect(render(paginationItems(10, 10))).toBe('1 … 8 9 10');
  });

  it('hides a single skipped page behind an ellipsis', () => {
    // 1 and 3 are not neighbours: page 2 is hidden behind an ellipsis.
    expect(render(paginationItems(5, 8))).toBe('1 … 3 4 5 6 7 8');
  });

  it('clamps an out-of-range current page', () => {
    expect(render(paginationItems(0, 6))).toBe('1 2 3 … 6');
    expect(render(paginationItems(99, 6))).toBe('1 … 4 5 6');
  });

  it('gives every ellipsis a distinct key', () => {
    const keys = paginationItems(6, 12)
      .filter((item) => item.type === 'ellipsis')
      .map((item) => item.key);
    expect(new Set(keys).size).toBe(2);
  });
});
