import PDFDocument from 'pdfkit';
import { formatMoney, isoToDisplayDate, type PortalStatement } from '@matterhorn/shared';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { pdfTableRows } from '../../lib/pdf-table.ts';

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
const COLUMNS = [
  { label: 'Date', width: 56 },
  { label: 'Details', width: 165 },
  { label: 'Invoices', width: 70, right: true },
  { label: 'Owed', width: 72, right: true },
  { label: 'Trust', width: 70, right: true },
  { label: 'Held in trust', width: WIDTH - 433, right: true },
] as const;

/**
 * The client's statement of account as a PDF (pdfkit, like the invoice and the trust statement):
 * per currency, the opening balances, each line with what is owed and what is held in trust after
 * it (two balances, never netted), and the closing balances.
 */
export function buildClientStatementPdf(statement: PortalStatement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Statement of account — ${statement.clientName}` } });
  const texts = [
    statement.firmName,
    statement.clientName,
    ...statement.sections.flatMap((section) => [
      section.currencySymbol,
      ...section.lines.flatMap((line) => [line.description, line.reference ?? '', line.matterName ?? '']),
    ]),
  ];
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(bold).fontSize(16).text(clean(statement.firmName));
  doc.font(bold).fontSize(13).text('Statement of account').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(clean(`Client: ${statement.clientName}`));
  doc.text(
    `Period: ${statement.fromDate ? isoToDisplayDate(statement.fromDate) : 'From the first entry'} to ${isoToDisplayDate(statement.toDate)}`,
  );
  doc
    .text('"Owed" is what you owe the firm on its invoices; "Held in trust" is your money the firm holds. They are kept apart.')
    .moveDown(0.8);

  const row = pdfTableRows(doc, COLUMNS, MARGIN, clean);

  if (statement.sections.length === 0) doc.font(regular).fontSize(10).text('Nothing has been invoiced or held in trust for you yet.');
  for (const section of statement.sections) {
    const money = (amount: string) => formatMoney(amount, section.currencySymbol);
    doc
      .font(bold)
      .fontSize(11)
      .text(clean(`In ${section.currencyCode || section.currencySymbol}`), MARGIN)
      .moveDown(0.2);
    row(
      COLUMNS.map((column) => column.label),
      bold,
    );
    row(['', 'Opening balances', '', money(section.opening.owed), '', money(section.opening.heldInTrust)], bold);
    for (const line of section.lines) {
      const details = [line.description, line.reference, line.matterName].filter(Boolean).join(' · ');
      row(
        [
          isoToDisplayDate(line.date),
          details,
          line.account === 'invoices' ? money(line.amount) : '',
          money(line.owedAfter),
          line.account === 'trust' ? money(line.amount) : '',
          money(line.heldInTrustAfter),
        ],
        regular,
      );
    }
    row(['', 'Closing balances', '', money(section.closing.owed), '', money(section.closing.heldInTrust)], bold);
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}
