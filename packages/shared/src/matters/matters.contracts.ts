import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { matterNamesOfClientRoute } from './matter-lookups.contracts.ts';
import {
  matterCloseInputSchema,
  matterInputSchema,
  matterListQuerySchema,
  matterPageSchema,
  matterViewQuerySchema,
  matterViewSchema,
} from './matter.schemas.ts';

const base = '/api/admin/matter-master';

export const matterListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-matter-list`,
  query: matterListQuerySchema,
  response: matterPageSchema,
});

export const matterViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-matter-view`,
  query: matterViewQuerySchema,
  response: matterViewSchema,
});

export const matterCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-matter`,
  body: matterInputSchema,
  response: matterViewSchema,
  status: 201,
});

export const matterUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-matter/:id`,
  params: idParamsSchema,
  body: matterInputSchema,
  response: matterViewSchema,
});

/** The body may be left out (or sent empty): the close date then defaults to today in the firm's time zone. */
export const matterCloseRoute = defineRoute({
  method: 'POST',
  path: `${base}/close-matter/:id`,
  params: idParamsSchema,
  body: matterCloseInputSchema.nullish(),
  response: matterViewSchema,
});

export const matterReopenRoute = defineRoute({
  method: 'POST',
  path: `${base}/reopen-matter/:id`,
  params: idParamsSchema,
  response: matterViewSchema,
});

export const matterRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-matter/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const matterRestoreRoute = defineRoute({
  method: 'POST',
  path: `${base}/restore-matter/:id`,
  params: idParamsSchema,
  response: matterViewSchema,
});

export const matterContracts = {
  namesOfClient: matterNamesOfClientRoute,
  list: matterListRoute,
  view: matterViewRoute,
  create: matterCreateRoute,
  update: matterUpdateRoute,
  close: matterCloseRoute,
  reopen: matterReopenRoute,
  remove: matterRemoveRoute,
  restore: matterRestoreRoute,
};
