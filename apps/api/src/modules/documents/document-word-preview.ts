import { DOCUMENT_MESSAGES, DOCX_CONTENT_TYPE, WORD_PREVIEW_MAX_BYTES, type DocumentPreviewHtml } from '@matterhorn/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { DocumentsApi } from './documents.api.ts';
import type { DocumentWork } from './document-work.ts';

export type WordPreviewDeps = { documents: Pick<DocumentsApi, 'openVersion'>; work: Pick<DocumentWork, 'wordHtml'> };

/**
 * A Word document shown in the page: found and checked as its download is (firm, scan), its type
 * and size checked before a byte is read, then rendered in the document worker, whose memory and
 * time limits bound what one file can cost.
 */
export function createWordPreviewService({ documents, work }: WordPreviewDeps) {
  return {
    async html(principal: FirmPrincipal, documentId: string, versionNumber?: number): Promise<DocumentPreviewHtml> {
      const version = await documents.openVersion(principal, documentId, versionNumber);
      if (version.contentType !== DOCX_CONTENT_TYPE) throw badRequest(DOCUMENT_MESSAGES.previewNotWord);
      if (version.sizeBytes > WORD_PREVIEW_MAX_BYTES) throw new AppError(422, DOCUMENT_MESSAGES.previewTooLarge);
      return { html: await work.wordHtml(await version.read()) };
    },
  };
}
