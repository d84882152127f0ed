import { screen, within } from '@testing-library/react';
import { DOCX_CONTENT_TYPE } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { documentListItem } from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FolderDocumentsTable } from '../components/folder-documents-table.tsx';
import { allowSlowRenders, sessionWith } from './stub-documents.ts';

allowSlowRenders();

/** Tabler draws each icon as an <svg> whose class names it (tabler-icon-file-type-pdf…). */
const KINDS: [string, string, string][] = [
  ['Lease.pdf', 'application/pdf', 'file-type-pdf'],
  ['Draft.docx', DOCX_CONTENT_TYPE, 'file-type-docx'],
  ['Accounts.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'file-spreadsheet'],
  ['Ledger.csv', 'text/csv', 'file-spreadsheet'],
  ['Attendance note.txt', 'text/plain', 'file-text'],
  ['Offer.eml', 'message/rfc822', 'mail'],
  ['Exhibits.zip', 'application/zip', 'file-zip'],
  ['Site photo.heic', 'image/heic', 'photo'],
  ['Voicemail.mp3', 'audio/mpeg', 'music'],
  ['Letter.msg', 'application/x-cfb', 'file'],
];

describe('a document’s icon', { timeout: 60_000 }, () => {
  it('comes from the icon set by content type, hidden from screen readers beside the name they read', async () => {
    const documents = KINDS.map(([name, contentType], index) =>
      documentListItem({ id: `d0d0d0d0-d0d0-4d0d-8d0d-${String(index).padStart(12, '0')}`, name, contentType }),
    );
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <FolderDocumentsTable documents={documents} sort={{ column: 'name', type: 'asc' }} onSort={() => {}} actionsFor={() => []} />
          ),
        },
      ],
      { session: sessionWith() },
    );
    const table = await screen.findByRole('table', { name: 'Documents' });
    for (const [name, , icon] of KINDS) {
      const row = within(table).getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
      const svg = row.querySelector('svg');
      expect(svg, name).toHaveClass(`tabler-icon-${icon}`);
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(within(row).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});
