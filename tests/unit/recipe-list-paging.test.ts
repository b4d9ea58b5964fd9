import { describe, expect, it } from 'vitest';
import {
  findLastPage,
  listPaging,
  type ListAnswer,
} from '../../web/src/components/recipe-list/list-paging';

/**
 * A list of `total` recipes as the server pages it: 10 a page, `next` while more follow, 404
 * (null) past the end; `estimate`: page answers that do not reach the end carry this estimated
 * count instead of the total (a search with more than 1,000 matches).
 */
function server(total: number, estimate?: number) {
  const asked: number[] = [];
  const probe = async (page: number): Promise<ListAnswer | null> => {
    asked.push(page);
    const shown = Math.min(10, total - (page - 1) * 10);
    if (shown <= 0 && page > 1) return null;
    const more = page * 10 < total;
    const next = more ? `/api/recipes/lists/?page=${page + 1}` : null;
    if (estimate !== undefined && more) return { count: estimate, count_is_estimate: true, next };
    return { count: more ? total : (page - 1) * 10 + shown, next };
  };
  return { probe, asked };
}

describe('listPaging', () => {
  it('offers every page of an exact count, with no estimate text', () => {
    expect(listPaging({ count: 35, next: '/api/recipes/lists/?page=2' }, 1)).toEqual({
      totalPages: 4,
      lastPageKnown: true,
      estimateText: null,
    });
    expect(listPaging({ count: 0, next: null }, 1).totalPages).toBe(1);
  });

  it('offers only the pages up to the next one of an estimate, and says "About N recipes"', () => {
    const answer = { count: 12_000, count_is_estimate: true as const, next: '/x?page=6' };
    expect(listPaging(answer, 5)).toEqual({
      totalPages: 6,
      lastPageKnown: false,
      estimateText: 'About 12,000 recipes',
    });
  });

  it('offers no page past the linked one while the next page loads', () => {
    // Page 3 asked for; the answer still shown is page 2's, which links page 3.
    const shown = { count: 900, count_is_estimate: true as const, next: '/x?page=3&search=rice' };
    expect(listPaging(shown, 3).totalPages).toBe(3);
  });

  it('trusts the count again once no next page is linked', () => {
    expect(listPaging({ count: 1_200, count_is_estimate: true, next: null }, 7)).toMatchObject({
      totalPages: 120,
      lastPageKnown: true,
    });
  });
});

describe('findLastPage', () => {
  it('finds the real last page of an overestimated count in log2 steps', async () => {
    // 1,234 matches estimated at 2,000: pages 124 to 200 answer 404.
    const { probe, asked } = server(1_234, 2_000);
    expect(await findLastPage(probe, 200)).toEqual({ page: 124, estimated: true });
    expect(asked.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(200)));
  });

  it('finds every possible end, from page 1 to the page just before the missing one', async () => {
    for (let total = 1; total <= 90; total++) {
      const { probe } = server(total, 5_000);
      const real = Math.ceil(total / 10);
      expect(await findLastPage(probe, 10), `total ${total}`).toEqual({
        page: real,
        estimated: total > 10,
      });
    }
  });

  it('reads an exact count from page 1 alone', async () => {
    const { probe, asked } = server(35);
    expect(await findLastPage(probe, 9)).toEqual({ page: 4, estimated: false });
    expect(asked).toEqual([1]);
  });

  it('passes on a failure other than a missing page', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    await expect(findLastPage(failing, 5)).rejects.toThrow('offline');
  });
});
