import { deflateSync } from 'node:zlib';

/** A raster as pdftoppm writes it (PPM, P6): width × height RGB pixels, one byte a channel. */
export type RgbRaster = { width: number; height: number; pixels: Buffer };

/** Reads a binary PPM (P6, maxval 255), the format pdftoppm writes without -png. */
export function rasterOfPpm(ppm: Buffer): RgbRaster {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (at < ppm.length && /\s/.test(String.fromCharCode(ppm[at]!))) at += 1;
    if (ppm[at] === 0x23) {
      while (at < ppm.length && ppm[at] !== 0x0a) at += 1;
      continue;
    }
    const start = at;
    while (at < ppm.length && !/\s/.test(String.fromCharCode(ppm[at]!))) at += 1;
    fields.push(ppm.subarray(start, at).toString('latin1'));
  }
  const [magic, width, height, maxValue] = [fields[0], Number(fields[1]), Number(fields[2]), Number(fields[3])];
  const pixels = ppm.subarray(at + 1);
  if (magic !== 'P6' || maxValue !== 255 || !(width > 0) || !(height > 0) || pixels.length < width * height * 3)
    throw new Error('not a PPM raster pdftoppm writes');
  return { width, height, pixels: pixels.subarray(0, width * height * 3) };
}

/** How far a pixel's channels may differ and it still counts as grey (anti-aliasing tints text edges slightly). */
const GREY_TOLERANCE = 24;

function isGrey({ pixels }: RgbRaster): boolean {
  for (let at = 0; at < pixels.length; at += 3) {
    const [red, green, blue] = [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
    if (Math.max(red, green, blue) - Math.min(red, green, blue) > GREY_TOLERANCE) return false;
  }
  return true;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, bitDepth: number, colourType: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(bitDepth, 8);
  header.writeUInt8(colourType, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sixteen greys, two pixels a byte: a page of text is a tenth of pdftoppm's own RGB PNG and reads the same. */
function greyPng({ width, height, pixels }: RgbRaster): Buffer {
  const rowBytes = Math.ceil(width / 2);
  const scanlines = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (rowBytes + 1);
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const luma = (pixels[at]! * 299 + pixels[at + 1]! * 587 + pixels[at + 2]! * 114) / 1000;
      const level = Math.round((luma * 15) / 255);
      const byte = row + 1 + (x >> 1);
      scanlines[byte] = scanlines[byte]! | (x & 1 ? level : level << 4);
    }
  }
  return png(width, height, 4, 0, scanlines);
}

/** Full colour (a letterhead's logo): each row filtered by the one above (PNG's "Up"), which suits flat page colours. */
function colourPng({ width, height, pixels }: RgbRaster): Buffer {
  const rowBytes = width * 3;
  const scanlines = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (rowBytes + 1);
    scanlines[row] = 2;
    for (let x = 0; x < rowBytes; x += 1) {
      const above = y === 0 ? 0 : pixels[(y - 1) * rowBytes + x]!;
      scanlines[row + 1 + x] = (pixels[y * rowBytes + x]! - above) & 0xff;
    }
  }
  return png(width, height, 8, 2, scanlines);
}

/** A page raster as a small PNG: sixteen greys when the page has no colour, else RGB. */
export const pngOfRaster = (raster: RgbRaster): Buffer => (isGrey(raster) ? greyPng(raster) : colourPng(raster));
