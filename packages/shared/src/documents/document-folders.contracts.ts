import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  clientFolderSchema,
  createFolderInputSchema,
  documentFolderSchema,
  folderContentsSchema,
  folderQuerySchema,
  moveInputSchema,
  renameFolderInputSchema,
} from './document.schemas.ts';

const base = '/api/admin/document';

/** The folder view's calls (the documents pages and the client's and matter's tab): a folder, its changes and moves. */
export const documentFolderRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-folder`,
  query: folderQuerySchema,
  response: folderContentsSchema,
});

export const documentFolderCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-folder`,
  body: createFolderInputSchema,
  response: documentFolderSchema,
  status: 201,
});

export const documentFolderRenameRoute = defineRoute({
  method: 'PUT',
  path: `${base}/rename-folder/:id`,
  params: idParamsSchema,
  body: renameFolderInputSchema,
  response: documentFolderSchema,
});

export const documentFolderRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-folder/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const documentFolderRestoreRoute = defineRoute({
  method: 'POST',
  path: `${base}/restore-folder/:id`,
  params: idParamsSchema,
  response: documentFolderSchema,
});

export const documentMoveRoute = defineRoute({
  method: 'POST',
  path: `${base}/move`,
  body: moveInputSchema,
  response: z.null(),
});

/**
 * The documents page's client picker: every client's folder, archived clients' too. Under `document`
 * rather than the clients list's own permission, so whoever may open the folders may pick one.
 */
export const documentClientFoldersRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-client-folders`,
  response: z.array(clientFolderSchema),
});

export const documentFolderContracts = {
  folder: documentFolderRoute,
  clientFolders: documentClientFoldersRoute,
  createFolder: documentFolderCreateRoute,
  renameFolder: documentFolderRenameRoute,
  removeFolder: documentFolderRemoveRoute,
  restoreFolder: documentFolderRestoreRoute,
  move: documentMoveRoute,
};
