import { inflateRawSync } from 'node:zlib';

/** Word's own limits are far below this; a "document" that inflates past it is a zip bomb. */
export const DOCX_MAX_INFLATED_BYTES = 200 * 1024 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * Whether every entry of the zip really inflates to at most `maxBytes` together: each is inflated
 * here with a hard output limit (zlib stops there), so sizes the archive merely claims prove
 * nothing. Run before mammoth, which inflates a .docx whole in memory and would take the process
 * down with it. Answers false for what is not a plain zip (Zip64, encryption, other methods).
 */
export function zipInflatesWithin(bytes: Buffer, maxBytes = DOCX_MAX_INFLATED_BYTES): boolean {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= searchFrom; offset -= 1)
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  if (end < 0) return false;
  const entries = bytes.readUInt16LE(end + 10);
  let entry = bytes.readUInt32LE(end + 16);
  let remaining = maxBytes;
  try {
    for (let index = 0; index < entries; index += 1) {
      if (bytes.readUInt32LE(entry) !== DIRECTORY_ENTRY) return false;
      const flags = bytes.readUInt16LE(entry + 8);
      const method = bytes.readUInt16LE(entry + 10);
      const compressedSize = bytes.readUInt32LE(entry + 20);
      const localHeader = bytes.readUInt32LE(entry + 42);
      if (flags & 1 || compressedSize === 0xffffffff || bytes.readUInt32LE(localHeader) !== LOCAL_HEADER) return false;
      const dataStart = localHeader + 30 + bytes.readUInt16LE(localHeader + 26) + bytes.readUInt16LE(localHeader + 28);
      const data = bytes.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) remaining -= data.length;
      else if (method === 8) remaining -= inflateRawSync(data, { maxOutputLength: Math.max(remaining, 1) }).length;
      else return false;
      if (remaining < 0) return false;
      entry += 46 + bytes.readUInt16LE(entry + 28) + bytes.readUInt16LE(entry + 30) + bytes.readUInt16LE(entry + 32);
    }
  } catch {
    // Out of bounds, a corrupt stream, or zlib's "Cannot create a Buffer larger than maxOutputLength".
    return false;
  }
  return true;
}
