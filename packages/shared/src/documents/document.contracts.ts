import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  checkOutInputSchema,
  documentSchema,
  resolveConflictInputSchema,
  restoreVersionInputSchema,
  updateDocumentInputSchema,
} from './document.schemas.ts';

/** PRODUCT.md module 11: every documents call is under this prefix. */
const base = '/api/admin/document';

/** The document page's calls (and the folder view's delete, the recycle bin's restore): one document, its details, versions and check-out. */
export const documentViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-document/:id`,
  params: idParamsSchema,
  response: documentSchema,
});

export const documentUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-document/:id`,
  params: idParamsSchema,
  body: updateDocumentInputSchema,
  response: documentSchema,
});

export const documentRestoreVersionRoute = defineRoute({
  method: 'POST',
  path: `${base}/restore-version/:id`,
  params: idParamsSchema,
  body: restoreVersionInputSchema,
  response: documentSchema,
  status: 201,
});

export const documentCheckOutRoute = defineRoute({
  method: 'POST',
  path: `${base}/check-out/:id`,
  params: idParamsSchema,
  body: checkOutInputSchema,
  response: documentSchema,
});

export const documentReleaseCheckOutRoute = defineRoute({
  method: 'POST',
  path: `${base}/release-check-out/:id`,
  params: idParamsSchema,
  response: documentSchema,
});

export const documentResolveConflictRoute = defineRoute({
  method: 'POST',
  path: `${base}/resolve-conflict/:id`,
  params: idParamsSchema,
  body: resolveConflictInputSchema,
  response: documentSchema,
});

export const documentRetryTextRoute = defineRoute({
  method: 'POST',
  path: `${base}/retry-text-extraction/:id`,
  params: idParamsSchema,
  response: documentSchema,
});

/** Into the recycle bin, and back (409 if its name was taken meanwhile). */
export const documentRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-document/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const documentRestoreRoute = defineRoute({
  method: 'POST',
  path: `${base}/restore-document/:id`,
  params: idParamsSchema,
  response: documentSchema,
});

export const documentContracts = {
  view: documentViewRoute,
  update: documentUpdateRoute,
  restoreVersion: documentRestoreVersionRoute,
  checkOut: documentCheckOutRoute,
  releaseCheckOut: documentReleaseCheckOutRoute,
  resolveConflict: documentResolveConflictRoute,
  retryText: documentRetryTextRoute,
  remove: documentRemoveRoute,
  restore: documentRestoreRoute,
};
