import { inflateSync } from 'node:zlib';
import { rgbOf } from '@matterhorn/shared';

/**
 * The PDF's streams as text (each FlateDecode stream inflated, others as they are): the drawing
 * operators of its pages, so a test can see which colours were drawn.
 */
export function pdfContentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /(?<!end)stream\r?\n/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const from = match.index + match[0].length;
    const to = text.indexOf('endstream', from);
    if (to < 0) break;
    const raw = pdf.subarray(from, to);
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1'));
    }
    start.lastIndex = to;
  }
  return streams.join('\n');
}

/** How pdfkit writes a #RRGGBB colour's operands (each channel ÷ 255): fill with `scn`, stroke with `SCN`. */
export const pdfColourOperands = (hex: string) =>
  rgbOf(hex)
    .map((channel) => String(channel / 255))
    .join(' ');
