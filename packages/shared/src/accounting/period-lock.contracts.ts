import { defineRoute } from '../common/route-contract.ts';
import { booksClosedThroughSchema, setBooksClosedThroughSchema } from './period-lock.schemas.ts';

const base = '/api/admin/accounting';

export const booksClosedThroughRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-books-closed-through`,
  response: booksClosedThroughSchema,
});

export const setBooksClosedThroughRoute = defineRoute({
  method: 'POST',
  path: `${base}/set-books-closed-through`,
  body: setBooksClosedThroughSchema,
  response: booksClosedThroughSchema,
});

export const periodLockContracts = {
  booksClosedThrough: booksClosedThroughRoute,
  setBooksClosedThrough: setBooksClosedThroughRoute,
};
