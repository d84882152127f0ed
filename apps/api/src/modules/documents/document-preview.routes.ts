import type { FastifyInstance } from 'fastify';
import { documentFileContracts as files } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createWordPreviewService, type WordPreviewDeps } from './document-word-preview.ts';

/** Previews the server renders (PDFs and images are shown from the download itself). */
export function registerDocumentPreviewRoutes(app: FastifyInstance, deps: WordPreviewDeps) {
  const route = contractRoutes(app, ['Documents']);
  const previews = createWordPreviewService(deps);

  route(
    files.previewHtml,
    {
      access: firmAccess('document'),
      summary:
        'A Word (.docx) version (the newest unless Version=n) as sanitised HTML for the page’s preview. Never while scanning, ' +
        'never when quarantined (409)',
      description:
        'Renders the version’s body with mammoth in the document worker and answers it as HTML keeping paragraphs, headings, lists, ' +
        'tables, links to the web and embedded PNG, JPEG or GIF images, nothing else (no scripts, styles, event handlers or external ' +
        'resources). 404 for a document or version the firm does not have; 409 while the version is being scanned or once it is ' +
        'quarantined; 400 for a document that is not a .docx; 422 over 20 MB, or for a file that cannot be read within the worker’s limits.',
    },
    async (request) => ok('Preview', await previews.html(firmPrincipalOf(request), request.params.id, request.query.Version)),
  );
}
