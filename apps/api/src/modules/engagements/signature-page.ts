import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** Where the lead signs and dates, as fractions of the appended page from its top-left (the signing module's places). */
export const SIGNATURE_PLACE = { x: 0.1, y: 0.36, width: 0.42, height: 0.08 } as const;
export const DATE_PLACE = { x: 0.6, y: 0.38, width: 0.28, height: 0.05 } as const;

const WIN_ANSI = /[^\u0020-\u007e\u00a0-\u00ff]/g;

/**
 * The letter with an acceptance page at its end: the signature place and the date beside it sit on
 * a page of their own, so they never cover the letter's words whatever its layout (pdfkit's or
 * LibreOffice's). Answers the PDF and its page count (the last page is the acceptance page).
 */
export async function withAcceptancePage(
  letter: Buffer,
  facts: { signerName: string; firmName: string },
): Promise<{ pdf: Buffer; pages: number }> {
  const document = await PDFDocument.load(letter);
  const last = document.getPageCount() > 0 ? document.getPage(document.getPageCount() - 1).getSize() : { width: 595.28, height: 841.89 };
  const { width, height } = last;
  const page = document.addPage([width, height]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const clean = (text: string) => text.replace(WIN_ANSI, '?');
  const left = width * 0.1;
  page.drawText('Acceptance', { x: left, y: height * 0.88, size: 16, font: bold });
  const lines = [
    `I, ${clean(facts.signerName)}, have read this engagement letter and accept the terms on which`,
    `${clean(facts.firmName)} will act for me.`,
  ];
  lines.forEach((line, index) => page.drawText(line, { x: left, y: height * 0.8 - index * 16, size: 11, font: regular }));
  const lineY = height * (1 - SIGNATURE_PLACE.y - SIGNATURE_PLACE.height) - 4;
  page.drawLine({
    start: { x: left, y: lineY },
    end: { x: width * (SIGNATURE_PLACE.x + SIGNATURE_PLACE.width), y: lineY },
    thickness: 0.6,
    color: rgb(0.3, 0.3, 0.3),
  });
  page.drawText('Signature', { x: left, y: lineY - 14, size: 9, font: regular, color: rgb(0.3, 0.3, 0.3) });
  const dateLeft = width * DATE_PLACE.x;
  page.drawLine({
    start: { x: dateLeft, y: lineY },
    end: { x: width * (DATE_PLACE.x + DATE_PLACE.width), y: lineY },
    thickness: 0.6,
    color: rgb(0.3, 0.3, 0.3),
  });
  page.drawText('Date', { x: dateLeft, y: lineY - 14, size: 9, font: regular, color: rgb(0.3, 0.3, 0.3) });
  // The same foot as the letter's pages: this page is the last of them.
  const pages = document.getPageCount();
  const foot = clean(`${facts.firmName} · Page ${pages} of ${pages}`);
  page.drawText(foot, { x: (width - regular.widthOfTextAtSize(foot, 8)) / 2, y: 28, size: 8, font: regular, color: rgb(0.33, 0.33, 0.33) });
  return { pdf: Buffer.from(await document.save()), pages: document.getPageCount() };
}
