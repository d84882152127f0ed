import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { Database } from '../db/database.ts';
import type { FirmPrincipal } from '../plugins/route-access.ts';
import type { FileStore } from '../platform/files/files.ts';
import type { DocumentProcessing } from '../modules/documents/documents.api.ts';
import { createDocumentModule } from '../modules/documents/documents.module.ts';
import type { SeededFirm } from './seeded-firm.ts';

/** A one-page PDF with a title and paragraphs of real words, so search and previews have something to show. */
export function makeTextPdf(title: string, paragraphs: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text(title).moveDown();
    for (const paragraph of paragraphs) doc.fontSize(11).text(paragraph).moveDown(0.5);
    doc.end();
  });
}

const upload = async (title: string, paragraphs: string[]) => ({
  content: Readable.from([await makeTextPdf(title, paragraphs)]),
  fileName: `${title}.pdf`,
});

/**
 * The demo firm's documents: a firm-wide Precedents folder, and a few files in two matters'
 * folders (one with two versions, one shared with the client). Needs the file store; without one
 * (tests that seed firms) there are no documents.
 */
export async function seedDemoDocuments(database: Database, firm: SeededFirm, files?: FileStore): Promise<void> {
  if (!files) return;
  // The demo files are made here, not received, so they need no virus scan; the periodic processing
  // job reads their text once the server's queue runs.
  const processing: DocumentProcessing = {
    isScanningEnabled: false,
    isTextExtractionEnabled: true,
    isOcrEnabled: false,
    versionAdded: async () => undefined,
  };
  // The seed files through the module's calls and never signs a direct upload: a throwaway secret.
  const module = createDocumentModule({
    database,
    files,
    processing,
    maxUploadBytes: 10 * 1024 * 1024,
    appSecret: randomBytes(32).toString('hex'),
  });
  const principal: FirmPrincipal = {
    kind: 'firm',
    sessionId: '00000000-0000-0000-0000-000000000000',
    firmId: firm.firmId,
    userId: firm.users.admin.id,
    adminUserId: firm.users.admin.id,
    permissions: ['administrator'],
    isVerified: true,
  };
  const precedents = await module.folders.create(principal, { parentFolderId: null, name: 'Precedents' });
  await module.documents.upload(
    principal,
    { folderId: precedents.id, category: 'Precedent', tags: 'engagement, template' },
    await upload('Engagement letter precedent', [
      'This letter sets out the terms on which the firm agrees to act for the client, the scope of the engagement,',
      'the fee earners responsible, our hourly rates and how disbursements are billed.',
    ]),
  );
  const [first, second] = firm.matterIds;
  for (const matterId of [first, second]) {
    if (!matterId) continue;
    const contents = await module.folders.contents(principal, { MatterId: matterId });
    const folderId = contents.folder!.id;
    const claim = await module.documents.upload(
      principal,
      { folderId, category: 'Pleading', description: 'Statement of claim as filed' },
      await upload('Statement of claim', ['The claimant claims damages for breach of contract and interest at the statutory rate.']),
    );
    await module.documents.uploadNewVersion(
      principal,
      claim.id,
      'Amended after counsel’s review',
      await upload('Statement of claim', ['The claimant claims damages for breach of contract, interest and costs, as amended.']),
    );
    const advice = await module.documents.upload(
      principal,
      { folderId, category: 'Advice' },
      await upload('Letter of advice', ['We advise that the limitation period has not expired and that the claim has good prospects.']),
    );
    if (matterId === first) await module.sharing.share(principal, 'document', advice.id);
  }
}
