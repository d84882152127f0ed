import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { engagementTermsInputSchema } from '@matterhorn/shared';
import { rowsOf, type Database } from '../db/database.ts';
import { createDocumentsApi, fillTemplate, wordPdfOf, type DocumentProcessing } from '../modules/documents/documents.api.ts';
import { generateEngagementLetter, saveEngagementTerms, sendEngagementLetter } from '../modules/engagements/engagements.api.ts';
import type { FileStore } from '../platform/files/files.ts';
import { DEFAULT_ZIP_LIMITS } from '../platform/files/zip-guard.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const LETTER = [
  'Engagement letter',
  '{today}',
  'Dear {lead.contactName},',
  'Re: {engagement.matterName}',
  'Thank you for choosing {firm.name}. This letter sets out the terms on which we will act for {lead.name}.',
  'Scope: {engagement.matterDescription}',
  'Fees: {engagement.billing}. {engagement.responsibleFeeEarner} is responsible for the matter.',
  'Retainer: we ask you to pay {engagement.retainer} into our client account before we begin.',
  'Please sign the acceptance page to confirm these terms.',
  'Yours sincerely,',
  '{firm.name}',
];

/** A Word template of plain paragraphs (one run each, so every merge field is whole). */
function letterTemplate(): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const paragraphs = LETTER.map((line, index) =>
    index === 0
      ? `<w:p><w:r><w:rPr><w:b/><w:sz w:val="32"/></w:rPr><w:t>${line}</w:t></w:r></w:p>`
      : `<w:p><w:r><w:t xml:space="preserve">${line}</w:t></w:r></w:p>`,
  ).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

/**
 * The engagement demo (issue 45): an "Engagement letter" Word template in the firm's Templates
 * folder, and Harbour Foods Ltd (a lead cleared by its conflict check) with its terms and its letter
 * out for signature. The letter is made in this process, not the document worker: the seed's own
 * template is trusted.
 */
export async function seedDemoEngagements(database: Database, firm: SeededFirm, files?: FileStore, appSecret?: string): Promise<void> {
  if (!files || !appSecret) return;
  const { firmId } = firm;
  const principal = seedPrincipalOf(firm);
  const processing: DocumentProcessing = {
    isScanningEnabled: false,
    isTextExtractionEnabled: true,
    isOcrEnabled: false,
    versionAdded: async () => undefined,
  };
  const documents = createDocumentsApi({ database, files, processing, maxUploadBytes: 10 * 1024 * 1024 });
  const lead = (
    await database.withFirm(firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`select id from leads where display_name = 'Harbour Foods Ltd' and conflict_decision = 'no_conflict'`),
      ),
    )
  )[0];
  if (!lead) return;
  const template = await documents.fileFirmDocument(principal, {
    folderName: 'Templates staging',
    fileName: 'Engagement letter.docx',
    content: letterTemplate(),
  });
  await database.withFirm(firmId, async (tx) => {
    // The Templates folder is the firm's one folder of that kind (document-templates' ensureTemplatesFolder).
    await tx.execute(
      sql`insert into document_folders (firm_id, kind, name) values (${firmId}, 'templates', 'Templates') on conflict do nothing`,
    );
    await tx.execute(sql`update documents set folder_id = (select id from document_folders where firm_id = ${firmId} and kind = 'templates')
      where firm_id = ${firmId} and id = ${template.documentId}`);
    await tx.execute(sql`delete from document_folders where firm_id = ${firmId} and kind = 'firm' and name = 'Templates staging'`);
  });
  const currency = (
    await database.withFirm(firmId, (tx) =>
      rowsOf<{ code: string }>(tx.execute(sql`select currency_code as code from trust_accounts where is_active limit 1`)),
    )
  )[0];
  await database.withFirm(firmId, (tx) =>
    saveEngagementTerms(
      tx,
      principal,
      lead.id,
      engagementTermsInputSchema.parse({
        responsibleUserId: firm.users.feeEarner.id,
        matterName: 'Harbour Foods – supply contract review',
        matterDescription: 'Review of the supply contract with Lekki Distributors and advice on its termination clause',
        billingType: 'Hourly',
        hourlyRate: '250.00',
        retainerAmount: currency ? '2000.00' : null,
        retainerCurrencyCode: currency?.code ?? null,
        templateDocumentId: template.documentId,
      }),
    ),
  );
  const deps = {
    database,
    outbox: droppingOutbox,
    documents,
    work: {
      fillTemplate: (content: Buffer, values: Record<string, string>) => fillTemplate(content, values, DEFAULT_ZIP_LIMITS),
      wordPdf: (content: Buffer, footer: { firmName: string; pagesAfter?: number }) => wordPdfOf(content, footer, DEFAULT_ZIP_LIMITS),
    },
    signing: { database, outbox: droppingOutbox, documents, appUrl: '', appSecret },
    portalInvitations: { inviteInTx: async () => undefined },
    sendTrustRequest: async () => undefined,
    logger: { error: () => undefined, info: () => undefined },
  };
  await generateEngagementLetter(deps as never, principal, lead.id);
  await sendEngagementLetter(deps as never, principal, lead.id, { message: null }, { ipAddress: null, userAgent: 'Matterhorn demo seed' });
}
