import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  completeDirectUploadInputSchema,
  directUploadPlanSchema,
  documentPreviewHtmlQuerySchema,
  documentPreviewHtmlSchema,
  documentSchema,
  startDirectUploadInputSchema,
} from './document.schemas.ts';

const base = '/api/admin/document';

/**
 * A file into a folder as a new document. The body is multipart/form-data (FolderId, optional
 * category, description and tags, then the file), which a contract's JSON body cannot say: no
 * `body` here (uploadDocumentFieldsSchema reads its fields).
 */
export const documentUploadRoute = defineRoute({
  method: 'POST',
  path: `${base}/upload-document`,
  response: documentSchema,
  status: 201,
});

/** Multipart (an optional note, then the file): no `body`, as for upload-document. */
export const documentUploadVersionRoute = defineRoute({
  method: 'POST',
  path: `${base}/upload-new-version/:id`,
  params: idParamsSchema,
  response: documentSchema,
  status: 201,
});

/** Multipart (BaseVersion, an optional note, then the file) by the holder of the check-out: no `body`. */
export const documentCheckInRoute = defineRoute({
  method: 'POST',
  path: `${base}/check-in/:id`,
  params: idParamsSchema,
  response: documentSchema,
  status: 201,
});

/** Where files go to a bucket: the browser sends the parts itself to the URLs this answers. */
export const documentStartUploadRoute = defineRoute({
  method: 'POST',
  path: `${base}/start-upload`,
  body: startDirectUploadInputSchema,
  response: directUploadPlanSchema,
  status: 201,
});

export const documentCompleteUploadRoute = defineRoute({
  method: 'POST',
  path: `${base}/complete-upload`,
  body: completeDirectUploadInputSchema,
  response: documentSchema,
  status: 201,
});

/** GET: a version's bytes (Version=n, inline=true for a preview), no envelope, so no contract; fill it in with pathOf. */
export const documentFilePath = { path: `${base}/download-document/:id` } as const;

/** GET: a folder's documents as a zip, streamed (X-Content-Bytes the files' total), no envelope, so no contract. */
export const documentFolderZipPath = { path: `${base}/download-folder-zip/:id` } as const;

/** A Word document's version rendered to sanitised HTML for the page's preview (Version=n; the newest when absent). */
export const documentPreviewHtmlRoute = defineRoute({
  method: 'GET',
  path: `${base}/preview-html/:id`,
  params: idParamsSchema,
  query: documentPreviewHtmlQuerySchema,
  response: documentPreviewHtmlSchema,
});

export const documentFileContracts = {
  upload: documentUploadRoute,
  uploadVersion: documentUploadVersionRoute,
  checkIn: documentCheckInRoute,
  startUpload: documentStartUploadRoute,
  completeUpload: documentCompleteUploadRoute,
  previewHtml: documentPreviewHtmlRoute,
};
