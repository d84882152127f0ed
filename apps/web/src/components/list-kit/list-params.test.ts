import { describe, expect, it } from 'vitest';
import { listStateOf, nextSort, withListChanges, type ListDefinition } from './list-params.ts';

const LIST: ListDefinition<'search' | 'client' | 'status', 'date' | 'amount'> = {
  filters: { search: 'search', client: 'clientId', status: 'status' },
  sortColumns: ['date', 'amount'],
  defaultSort: { column: 'date', type: 'desc' },
};

const params = (query: string) => new URLSearchParams(query);

describe('listStateOf', () => {
  it('reads each filter under its URL name, with page, size and a chosen sort', () => {
    expect(listStateOf(params('clientId=c1&status=Sent&page=3&size=50&sortColumn=amount&sortType=asc'), LIST)).toEqual({
      filters: { search: '', client: 'c1', status: 'Sent' },
      page: 3,
      size: 50,
      sort: { column: 'amount', type: 'asc' },
      isSortChosen: true,
    });
  });

  it.each([
    ['an empty query', ''],
    ['a column the list does not sort by', 'sortColumn=password&sortType=asc'],
    ['a page and size that are not whole and offered', 'page=-2&size=7'],
    ['text for numbers', 'page=two&size=all'],
  ])('falls back to page 1, 20 rows and the list’s own order for %s', (_case, query) => {
    const state = listStateOf(params(query), LIST);
    expect(state).toMatchObject({ page: 1, size: 20, sort: { column: 'date', type: 'desc' }, isSortChosen: false });
  });
});

describe('withListChanges', () => {
  it('goes back to page 1 when a filter, the size or the sort changes, and keeps other parameters', () => {
    const before = params('activeTab=client&page=4&status=Sent');
    expect(withListChanges(before, LIST, { filters: { client: 'c2' } }).toString()).toBe('activeTab=client&status=Sent&clientId=c2');
    expect(withListChanges(before, LIST, { size: 50 }).toString()).toBe('activeTab=client&status=Sent&size=50');
    expect(withListChanges(before, LIST, { sort: { column: 'amount', type: 'asc' } }).toString()).toBe(
      'activeTab=client&status=Sent&sortColumn=amount&sortType=asc',
    );
    expect(withListChanges(before, LIST, { page: 5 }).get('page')).toBe('5');
  });

  it('drops cleared filters, trims text, and leaves the default size and page 1 out of the URL', () => {
    const next = withListChanges(params('search=old&status=Sent&size=50&page=2'), LIST, {
      filters: { search: '  beta ', status: '' },
      size: 20,
    });
    expect(next.toString()).toBe('search=beta');
  });
});

describe('two lists on one page', () => {
  const CLIENT: ListDefinition<never, 'date'> = {
    filters: {},
    sortColumns: ['date'],
    defaultSort: { column: 'date', type: 'asc' },
    pagingPrefix: 'client',
  };
  const FIRM: ListDefinition<never, 'date'> = { ...CLIENT, pagingPrefix: 'firm' };

  it('keep their page, size and sort under their own prefixed names', () => {
    const url = withListChanges(withListChanges(params('firmPage=3'), CLIENT, { page: 2 }), CLIENT, { size: 50 });
    expect(url.toString()).toBe('firmPage=3&clientSize=50');
    expect(listStateOf(url, CLIENT)).toMatchObject({ page: 1, size: 50 });
    expect(listStateOf(url, FIRM)).toMatchObject({ page: 3, size: 20 });
    const sorted = withListChanges(url, FIRM, { sort: { column: 'date', type: 'desc' } });
    expect(sorted.toString()).toBe('clientSize=50&firmSortColumn=date&firmSortType=desc');
    expect(listStateOf(sorted, CLIENT).sort).toEqual({ column: 'date', type: 'asc' });
  });
});

describe('nextSort', () => {
  it('flips the sorted column and starts another ascending', () => {
    expect(nextSort({ column: 'date', type: 'desc' }, 'date')).toEqual({ column: 'date', type: 'asc' });
    expect(nextSort({ column: 'date', type: 'asc' }, 'date')).toEqual({ column: 'date', type: 'desc' });
    expect(nextSort({ column: 'date', type: 'asc' }, 'amount')).toEqual({ column: 'amount', type: 'asc' });
  });
});
