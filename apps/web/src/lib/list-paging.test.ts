import { describe, expect, it } from 'vitest';
import { listPagingOf } from './list-paging.ts';

const rows = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('listPagingOf', () => {
  it('pages an exact total', () => {
    expect(listPagingOf({ data: rows(20), totalCount: 45 }, 1, 20)).toEqual({
      pageCount: 3,
      first: 1,
      last: 20,
      totalLabel: '45',
      isCapped: false,
    });
    expect(listPagingOf({ data: rows(5), totalCount: 45, isTotalCountCapped: false }, 3, 20)).toMatchObject({ first: 41, last: 45 });
    expect(listPagingOf(undefined, 1, 20)).toMatchObject({ pageCount: 1, first: 0, last: 0, totalLabel: '0' });
  });

  it('shows a capped total as 1,000+ and offers one more page while the page is full', () => {
    expect(listPagingOf({ data: rows(20), totalCount: 1000, isTotalCountCapped: true }, 1, 20)).toEqual({
      pageCount: 50,
      first: 1,
      last: 20,
      totalLabel: '1,000+',
      isCapped: true,
    });
    expect(listPagingOf({ data: rows(20), totalCount: 1000, isTotalCountCapped: true }, 50, 20).pageCount).toBe(51);
    expect(listPagingOf({ data: rows(20), totalCount: 1000, isTotalCountCapped: true }, 51, 20)).toMatchObject({
      pageCount: 52,
      first: 1001,
      last: 1020,
    });
    expect(listPagingOf({ data: rows(7), totalCount: 1000, isTotalCountCapped: true }, 52, 20)).toMatchObject({
      pageCount: 52,
      last: 1027,
    });
  });
});
