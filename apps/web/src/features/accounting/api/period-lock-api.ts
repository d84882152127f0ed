import { booksClosedThroughRoute, setBooksClosedThroughRoute, type BooksClosedThrough } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Under ['accounting'], so any accounting refresh reloads it. */
export const booksClosedThroughQuery = queryOptions({
  queryKey: ['accounting', 'books-closed-through'] as const,
  queryFn: async (): Promise<BooksClosedThrough> => (await callContract(booksClosedThroughRoute, {}, { auth: 'firm' })).data,
});

/** POST set-books-closed-through: a day closes the books through it; null reopens every period. The page toasts what changed. */
export const setBooksClosedThrough = async (booksClosedThrough: string | null): Promise<BooksClosedThrough> =>
  (await callContract(setBooksClosedThroughRoute, { body: { booksClosedThrough } }, { auth: 'firm' })).data;
