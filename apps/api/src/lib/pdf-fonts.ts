import { existsSync } from 'node:fs';

/** Characters the standard PDF fonts (WinAnsi) can show; anything else needs an embedded font. */
export const WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff\n\r\t€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
/** A Unicode font to embed when the text needs one (₦ and other symbols): PDF_FONT_PATH, or a system DejaVu Sans. */
const UNICODE_FONT_CANDIDATES = [
  [process.env['PDF_FONT_PATH'], process.env['PDF_FONT_BOLD_PATH'] ?? process.env['PDF_FONT_PATH']],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf'],
] as const;
let unicodeFont: { regular: string; bold: string } | null | undefined;
export function findUnicodeFont(): { regular: string; bold: string } | null {
  if (unicodeFont !== undefined) return unicodeFont;
  unicodeFont = null;
  for (const [regular, bold] of UNICODE_FONT_CANDIDATES) {
    if (regular && existsSync(regular)) {
      unicodeFont = { regular, bold: bold && existsSync(bold) ? bold : regular };
      break;
    }
  }
  return unicodeFont;
}

/**
 * The fonts a pdfkit document needs for its texts: the standard Helvetica when they are all WinAnsi,
 * else an embedded Unicode font (₦…); without one, characters it cannot show become "?".
 */
export function chooseDocumentFonts(doc: PDFKit.PDFDocument, texts: string[]) {
  if (texts.every((text) => WIN_ANSI.test(text))) return { regular: 'Helvetica', bold: 'Helvetica-Bold', clean: (text: string) => text };
  const font = findUnicodeFont();
  if (!font)
    return {
      regular: 'Helvetica',
      bold: 'Helvetica-Bold',
      clean: (text: string) => [...text].map((character) => (WIN_ANSI.test(character) ? character : '?')).join(''),
    };
  doc.registerFont('Body', font.regular);
  doc.registerFont('Body-Bold', font.bold);
  return { regular: 'Body', bold: 'Body-Bold', clean: (text: string) => text };
}
