import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { createSandbox, SandboxFailure } from '../../platform/sandbox/sandbox.ts';
import type { ExtractedText } from './document-text.ts';
import type { DocumentTask } from './document-work.worker.ts';

/**
 * Text extraction (pdf.js, mammoth, OCR), template merging (docxtemplater) and Word previews
 * (mammoth), run in the worker process of document-work.worker.ts under the configured heap and
 * time limits: a file built to exhaust memory fails its own job or request and the API keeps serving.
 */
export type DocumentWork = {
  extractText(contentType: string, bytes: Buffer, options: { isOcrEnabled: boolean }): Promise<ExtractedText>;
  templateFieldsOf(content: Buffer): Promise<string[]>;
  fillTemplate(content: Buffer, values: Record<string, string>): Promise<Buffer>;
  /** A Word document as sanitised HTML (document-word-html.ts); 422 when it cannot be read within the limits. */
  wordHtml(content: Buffer): Promise<string>;
  /** A Word document as a PDF (document-word-pdf.ts, or LibreOffice when SOFFICE_PATH is set), the firm's name in its footer. */
  wordPdf(content: Buffer, footer: { firmName: string; pagesAfter?: number }): Promise<Buffer>;
  close(): Promise<void>;
};

export const TEMPLATE_TOO_HEAVY = 'This template could not be read within the memory and time a template may take';

export function createDocumentWork({ zipLimits, sofficePath = null, ...limits }: AppConfig['documentWorker']): DocumentWork {
  const sandbox = createSandbox({
    entry: new URL('./document-work.worker.ts', import.meta.url),
    limits,
    // A refusal the user can act on (a broken merge field) stays a 400 on this side too.
    toError: (error) =>
      error.statusCode ? new AppError(error.statusCode, error.message) : Object.assign(new Error(error.message), { name: error.name }),
  });
  const run = <Result>(task: DocumentTask) => sandbox.run<Result>(task);
  /** A template that kills its worker is the template's fault: a 422 for the user, not a 500. */
  const forTemplate = <Result>(task: DocumentTask) =>
    run<Result>(task).catch((error: unknown) => {
      throw error instanceof SandboxFailure ? new AppError(422, TEMPLATE_TOO_HEAVY) : error;
    });
  return {
    extractText: (contentType, bytes, { isOcrEnabled }) => run({ kind: 'extract-text', contentType, bytes, isOcrEnabled, zipLimits }),
    templateFieldsOf: (content) => forTemplate({ kind: 'template-fields', content, zipLimits }),
    fillTemplate: async (content, values) => {
      const filled = await forTemplate<Uint8Array>({ kind: 'fill-template', content, values, zipLimits });
      return Buffer.from(filled.buffer, filled.byteOffset, filled.byteLength);
    },
    wordHtml: (content) =>
      run<string>({ kind: 'word-html', content, zipLimits }).catch((error: unknown) => {
        throw error instanceof SandboxFailure ? new AppError(422, DOCUMENT_MESSAGES.previewUnreadable) : error;
      }),
    wordPdf: async (content, footer) => {
      const task = {
        kind: 'word-pdf',
        content,
        firmName: footer.firmName,
        pagesAfter: footer.pagesAfter ?? 0,
        sofficePath,
        timeoutMs: limits.timeoutMs,
        zipLimits,
      } as const;
      const pdf = await run<Uint8Array>(task).catch((error: unknown) => {
        throw error instanceof SandboxFailure ? new AppError(422, DOCUMENT_MESSAGES.previewUnreadable) : error;
      });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => sandbox.close(),
  };
}
