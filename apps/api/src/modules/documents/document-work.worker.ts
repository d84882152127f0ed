import type { ZipLimits } from '../../platform/files/zip-guard.ts';
import { serveSandboxTasks } from '../../platform/sandbox/sandbox.ts';

/**
 * The worker process of document-work.ts: the only place an uploaded file is parsed. Each reader is
 * loaded when first needed, so a worker that only merges templates never loads pdf.js.
 */
export type DocumentTask =
  | { kind: 'extract-text'; contentType: string; bytes: Uint8Array; isOcrEnabled: boolean; zipLimits: ZipLimits }
  | { kind: 'template-fields'; content: Uint8Array; zipLimits: ZipLimits }
  | { kind: 'fill-template'; content: Uint8Array; values: Record<string, string>; zipLimits: ZipLimits }
  | { kind: 'word-html'; content: Uint8Array; zipLimits: ZipLimits }
  | {
      kind: 'word-pdf';
      content: Uint8Array;
      firmName: string;
      pagesAfter: number;
      sofficePath: string | null;
      timeoutMs: number;
      zipLimits: ZipLimits;
    };

/** Structured cloning delivers a Buffer as a plain Uint8Array. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

serveSandboxTasks(async (message) => {
  const task = message as DocumentTask;
  switch (task.kind) {
    case 'extract-text': {
      const { extractText } = await import('./document-text.ts');
      return extractText(task.contentType, bufferOf(task.bytes), { isOcrEnabled: task.isOcrEnabled, zipLimits: task.zipLimits });
    }
    case 'template-fields': {
      const { templateFieldsOf } = await import('./document-templates.ts');
      return templateFieldsOf(bufferOf(task.content), task.zipLimits);
    }
    case 'fill-template': {
      const { fillTemplate } = await import('./document-templates.ts');
      return fillTemplate(bufferOf(task.content), task.values, task.zipLimits);
    }
    case 'word-html': {
      const { wordHtmlOf } = await import('./document-word-html.ts');
      return wordHtmlOf(bufferOf(task.content), task.zipLimits);
    }
    case 'word-pdf': {
      if (task.sofficePath) {
        const { officePdfOf } = await import('./document-word-pdf-office.ts');
        return officePdfOf(bufferOf(task.content), task.sofficePath, task.timeoutMs);
      }
      const { wordPdfOf } = await import('./document-word-pdf.ts');
      return wordPdfOf(bufferOf(task.content), { firmName: task.firmName, pagesAfter: task.pagesAfter }, task.zipLimits);
    }
  }
});
