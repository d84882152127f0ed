import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { AdoptedMark, SignatureFieldKind } from '@matterhorn/shared';
import { findUnicodeFont, WIN_ANSI } from '../../lib/pdf-fonts.ts';

export type StampedField = {
  kind: SignatureFieldKind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  signature: AdoptedMark;
  initials: AdoptedMark | null;
  signerName: string;
  /** The date the signer signed, as printed (DD/MM/YYYY in the firm's time zone). */
  signedOn: string;
};

const INK = rgb(0.05, 0.1, 0.35);

/** Without a Unicode font the standard fonts print WinAnsi only: accents are dropped (Ọ → O) and anything else becomes "?". */
const winAnsiOf = (text: string) =>
  [...text.normalize('NFD').replace(/\p{M}/gu, '')].map((character) => (WIN_ANSI.test(character) ? character : '?')).join('');

type Fonts = { script: PDFFont; plain: PDFFont; unicode: PDFFont | null };

/**
 * The standard fonts (an italic script for typed marks, Helvetica for dates and names), and, when a
 * mark or name needs characters they lack (Ọlá Adébáyọ̀), the Unicode font embedded (subset) for it.
 */
async function fontsFor(pdf: PDFDocument, texts: string[]): Promise<Fonts> {
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const plain = await pdf.embedFont(StandardFonts.Helvetica);
  const unicodeFile = texts.every((text) => WIN_ANSI.test(text)) ? null : findUnicodeFont();
  if (!unicodeFile) return { script, plain, unicode: null };
  pdf.registerFontkit(fontkit);
  return { script, plain, unicode: await pdf.embedFont(await readFile(unicodeFile.regular), { subset: true }) };
}

export const pngOfDataUrl = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/** A place's rectangle in PDF points: fractions of the visible page (its crop box) from the top-left, flipped to PDF's bottom-left. */
function rectangleOf(page: PDFPage, field: StampedField) {
  const box = page.getCropBox();
  const width = field.width * box.width;
  const height = field.height * box.height;
  return { left: box.x + field.x * box.width, bottom: box.y + box.height - (field.y + field.height) * box.height, width, height };
}

function drawText(
  page: PDFPage,
  fonts: Fonts,
  style: 'script' | 'plain',
  text: string,
  area: ReturnType<typeof rectangleOf>,
  scale: number,
) {
  const isWinAnsi = WIN_ANSI.test(text);
  const font = isWinAnsi || !fonts.unicode ? fonts[style] : fonts.unicode;
  const printed = isWinAnsi || fonts.unicode ? text : winAnsiOf(text);
  const widthAtOne = Math.max(font.widthOfTextAtSize(printed, 1), 0.001);
  const size = Math.max(4, Math.min(area.height * scale, (area.width * 0.95) / widthAtOne));
  page.drawText(printed, { x: area.left + 2, y: area.bottom + (area.height - size) / 2 + size * 0.2, size, font, color: INK });
}

/**
 * The signed pages: the PDF as sent with each signer's marks at their places — a typed signature or
 * initials in an italic script (in the Unicode font when it needs characters the script lacks), a drawn one as its image (fitted, centred), the date signed and the
 * signer's name in plain type. Answers the document loaded, to append the certificate and seal it.
 */
export async function stampSignatures(original: Buffer, fields: StampedField[]): Promise<PDFDocument> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const fonts = await fontsFor(
    pdf,
    fields.flatMap((field) => [
      field.signerName,
      ...[field.signature, field.initials].flatMap((mark) => (mark?.kind === 'typed' ? [mark.text] : [])),
    ]),
  );
  const images = new Map<string, Awaited<ReturnType<PDFDocument['embedPng']>>>();
  for (const field of fields) {
    const page = pdf.getPage(field.page - 1);
    const area = rectangleOf(page, field);
    if (field.kind === 'date') drawText(page, fonts, 'plain', field.signedOn, area, 0.6);
    else if (field.kind === 'name') drawText(page, fonts, 'plain', field.signerName, area, 0.6);
    else {
      const mark = field.kind === 'initials' && field.initials ? field.initials : field.signature;
      if (mark.kind === 'typed') drawText(page, fonts, 'script', mark.text, area, 0.75);
      else {
        let image = images.get(mark.image);
        if (!image) {
          image = await pdf.embedPng(pngOfDataUrl(mark.image));
          images.set(mark.image, image);
        }
        const scale = Math.min(area.width / image.width, area.height / image.height);
        const width = image.width * scale;
        const height = image.height * scale;
        page.drawImage(image, { x: area.left + (area.width - width) / 2, y: area.bottom + (area.height - height) / 2, width, height });
      }
    }
  }
  return pdf;
}
