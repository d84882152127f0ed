import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layoutPdfTable, type PdfTableColumn, type PdfTableRow } from './pdf-table.ts';

const style = { regular: 'Helvetica', bold: 'Helvetica-Bold', fontSize: 9, minimumFontSize: 6, padding: 3 };
const columns: PdfTableColumn[] = [
  { label: 'Date' },
  { label: 'Description', wrapWeight: 1 },
  { label: 'Quantity', align: 'right' },
  { label: 'Unit cost', align: 'right' },
  { label: 'Amount', align: 'right' },
];
const row = (amount: string, description = 'Courier'): PdfTableRow => ({ cells: ['01/10/2026', description, '1250', amount, amount] });
const sum = (widths: readonly number[]) => widths.reduce((total, width) => total + width, 0);

describe('layoutPdfTable', () => {
  const doc = new PDFDocument({ size: 'A4' });
  const widthAt = (text: string, font: string, size: number) => doc.font(font).fontSize(size).widthOfString(text);

  it.each([
    ['everyday amounts', '$1,250.00', 300, false],
    ['amounts in the millions', 'NGN 1,250,000.00', 515, false],
    ['the largest amount NUMERIC(16,2) holds', 'NGN 99,999,999,999,999.99', 515, false],
    ['amounts too wide for the table at the body size', 'NGN 1,250,000.00', 300, true],
  ])('fits every heading and unwrapped cell on one line, filling the width: %s', (_case, amount, width, isShrunk) => {
    const layout = layoutPdfTable(doc, columns, [row(amount)], width, style);
    if (isShrunk) expect(layout.fontSize).toBeLessThan(style.fontSize);
    else expect(layout.fontSize).toBe(style.fontSize);
    expect(layout.fontSize).toBeGreaterThanOrEqual(style.minimumFontSize);
    expect(sum(layout.widths)).toBeCloseTo(width, 6);
    columns.forEach((column, index) => {
      const inner = layout.widths[index]! - 2 * style.padding;
      expect(widthAt(column.label, style.bold, layout.fontSize), column.label).toBeLessThanOrEqual(inner);
      if (!column.wrapWeight) expect(widthAt(row(amount).cells[index]!, style.regular, layout.fontSize)).toBeLessThanOrEqual(inner);
    });
  });

  it('gives what the fixed columns leave to the wrapping ones, by weight', () => {
    const weighted: PdfTableColumn[] = [
      { label: 'A', wrapWeight: 1 },
      { label: 'B', wrapWeight: 3 },
      { label: 'Amount', align: 'right' },
    ];
    const layout = layoutPdfTable(doc, weighted, [{ cells: ['x', 'y', '$1.00'] }], 400, style);
    const [a, b] = layout.widths;
    const natural = (label: string) => widthAt(label, style.bold, style.fontSize) + 2 * style.padding + 0.5;
    expect((b! - natural('B')) / (a! - natural('A'))).toBeCloseTo(3, 6);
  });

  it('keeps a wrapping column as wide as its longest word (up to a share of the table)', () => {
    const word = 'Incorporation';
    const layout = layoutPdfTable(doc, columns, [row('$1.00', `${word} of the company`)], 260, style);
    expect(layout.widths[1]! - 2 * style.padding).toBeGreaterThanOrEqual(widthAt(word, style.regular, layout.fontSize));
  });
});
