import PDFDocument from 'pdfkit';
import { DATA_SUBJECT_TYPE_LABELS, isoToDisplayDate, type DataSubjectExport } from '@matterhorn/shared';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { numberPdfPages } from '../../lib/pdf-pages.ts';
import { pdfBytesOf } from '../../lib/pdf-bytes.ts';
import { displayValueOf } from './data-subject-export-values.ts';

const MARGIN = 48;

/**
 * A person's data as a PDF they can read (pdfkit, like the invoice): who holds it, then each kind of
 * record with its fields one per line — the same answer as the JSON export, never a second reading,
 * shown in words a person reads (displayValueOf: dates DD/MM/YYYY and moments on the firm's clock).
 */
export function buildDataSubjectExportPdf(data: DataSubjectExport, timeZone: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 16 },
    bufferPages: true,
    info: { Title: `Personal data held on ${data.subject.name}` },
  });
  const texts = [
    data.firmName,
    data.subject.name,
    data.subject.detail,
    data.notIncluded,
    ...data.sections.flatMap((section) => [
      section.title,
      ...section.records.flatMap((record) =>
        Object.entries(record).flatMap(([field, value]) => [field, value === null ? null : displayValueOf(field, value, record, timeZone)]),
      ),
    ]),
  ].map((text) => text ?? '');
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const done = pdfBytesOf(doc);

  doc.font(bold).fontSize(16).text(clean(data.firmName));
  doc.font(bold).fontSize(13).text('Personal data we hold about you').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(clean(`${data.subject.name} (${DATA_SUBJECT_TYPE_LABELS[data.subject.subjectType]}: ${data.subject.detail})`));
  doc.text(`Prepared on ${isoToDisplayDate(data.generatedAt.slice(0, 10))} under the Nigeria Data Protection Act 2023.`).moveDown(0.8);

  for (const section of data.sections) {
    doc.font(bold).fontSize(12).text(clean(section.title)).moveDown(0.2);
    if (section.records.length === 0) doc.font(regular).fontSize(10).text('None on file.');
    section.records.forEach((record, index) => {
      if (index > 0) doc.moveDown(0.4);
      for (const [field, value] of Object.entries(record)) {
        if (value === null || value === '' || value === '{}' || value === '[]') continue;
        doc
          .font(bold)
          .fontSize(10)
          .text(`${clean(field)}: `, { continued: true });
        doc.font(regular).text(clean(displayValueOf(field, value, record, timeZone)));
      }
    });
    doc.moveDown(0.8);
  }
  doc.font(bold).fontSize(10).text('Not included').font(regular).text(clean(data.notIncluded));

  numberPdfPages(doc, { font: regular, size: 8, margin: MARGIN });
  doc.end();
  return done;
}
