// The firm's footer text (invoice settings) at the foot of every page of a bill: small, grey and
// wrapped, in a band of the bottom margin measured before the first page, so the body's page breaks
// come above it and nothing overprints it.

const FOOTER_TEXT_SIZE = 7.5;
/** 5.7:1 on white: small text that still reads (WCAG 1.4.3). */
const FOOTER_TEXT_COLOUR = '#666666';
/** Between the body's last line and the footer text. */
export const FOOTER_TEXT_GAP = 6;
/** A footer of many short lines is set as one paragraph past this height, so the body keeps most of the page. */
const MAXIMUM_FOOTER_HEIGHT = 60;

export type PdfFooterText = { text: string; height: number; font: string };

/** The footer as it will print, with its height; null when there is none. */
export function measureFooterText(
  doc: PDFKit.PDFDocument,
  text: string | null | undefined,
  font: string,
  width: number,
): PdfFooterText | null {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!lines.length) return null;
  const heightOf = (candidate: string) => doc.font(font).fontSize(FOOTER_TEXT_SIZE).heightOfString(candidate, { width });
  let printed = lines.join('\n');
  if (heightOf(printed) > MAXIMUM_FOOTER_HEIGHT) printed = lines.join(' ');
  return { text: printed, height: heightOf(printed), font };
}

/**
 * Draws the footer on every page of a document made with `bufferPages: true`, its last line ending
 * `bottomGap` above the page's foot (where the page number sits below it). Call before `doc.end()`.
 */
export function drawFooterText(doc: PDFKit.PDFDocument, footer: PdfFooterText, options: { margin: number; bottomGap: number }) {
  const range = doc.bufferedPageRange();
  const width = doc.page.width - 2 * options.margin;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(footer.font)
      .fontSize(FOOTER_TEXT_SIZE)
      .fillColor(FOOTER_TEXT_COLOUR)
      .text(footer.text, options.margin, doc.page.height - options.bottomGap - footer.height, { width, align: 'center' })
      .fillColor('black');
    doc.page.margins.bottom = bottomMargin;
  }
}
