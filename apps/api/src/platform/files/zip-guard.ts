import { createInflateRaw } from 'node:zlib';

/**
 * The checks every reader of a zip container (Word, Excel, PowerPoint, OpenDocument, a zip import)
 * runs before a parser sees the file. Parsers (mammoth's JSZip, docxtemplater's PizZip) inflate
 * whole entries in memory, so a 500 KB file whose document.xml inflates to 150 MB takes the process
 * down with them. Here each entry is inflated as a stream and counted, its output thrown away: what
 * the archive declares is checked first, and what it really holds is never taken on trust.
 */
export type ZipLimits = {
  /** What one entry may inflate to. */
  maxEntryBytes: number;
  /** How many times its compressed size an entry may inflate to, once past RATIO_FREE_BYTES. */
  maxRatio: number;
  /** What all entries together may inflate to. */
  maxTotalBytes: number;
  maxEntries: number;
};

const MEGABYTE = 1024 * 1024;

/** Office documents run to a few MB of XML; a part past 25 MB or 100 times its compressed size is a bomb (Apache POI's defaults, less generous). */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 25 * MEGABYTE,
  maxRatio: 100,
  maxTotalBytes: 100 * MEGABYTE,
  maxEntries: 10_000,
};

/** Small parts of repeated markup compress far better than 100:1 and harm nobody: the ratio counts past this. */
export const RATIO_FREE_BYTES = MEGABYTE;

/** tooLarge: a bomb, or a part no reader should hold in memory; otherwise the file is simply not a readable zip. */
export class ZipRefusedError extends Error {
  constructor(
    reason: string,
    readonly isTooLarge = false,
  ) {
    super(`The file is not a zip that can be read safely: ${reason}`);
    this.name = 'ZipRefusedError';
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_32 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

type Entry = { name: string; method: number; flags: number; compressedSize: number; declaredSize: number; localHeader: number };

function endOfDirectory(bytes: Buffer): number {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= searchFrom; offset -= 1)
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  throw new ZipRefusedError('no central directory');
}

/** The central directory's entries: what parsers go by. Zip64 is refused (an office document never needs it). */
function entriesOf(bytes: Buffer, limits: ZipLimits): Entry[] {
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  if (count === 0xffff || bytes.readUInt32LE(end + 16) === MAX_32) throw new ZipRefusedError('Zip64 archive');
  if (count > limits.maxEntries) throw new ZipRefusedError(`more than ${limits.maxEntries} entries`, true);
  const entries: Entry[] = [];
  let offset = bytes.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw new ZipRefusedError('a broken central directory');
    const nameLength = bytes.readUInt16LE(offset + 28);
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      declaredSize: bytes.readUInt32LE(offset + 24),
      localHeader: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/** What an entry may inflate to: its own cap, the ratio past the free allowance, what the archive has left. */
const allowanceOf = (entry: Entry, limits: ZipLimits, remaining: number) =>
  Math.min(limits.maxEntryBytes, Math.max(RATIO_FREE_BYTES, entry.compressedSize * limits.maxRatio), remaining);

/** Inflates as a stream, counting and discarding: stops (and answers null) as soon as it passes `allowed`. */
async function inflatedSize(data: Buffer, allowed: number): Promise<number | null> {
  const inflater = createInflateRaw();
  inflater.end(data);
  let size = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > allowed) return null;
    }
  } catch {
    throw new ZipRefusedError('a corrupt compressed entry');
  } finally {
    inflater.destroy();
  }
  return size;
}

/**
 * Throws ZipRefusedError unless every entry's declared and actual inflated size are within the
 * limits and agree (a central directory that understates a size is lying to someone's parser).
 * Encrypted entries and methods other than stored and deflated are refused: no parser here reads them.
 */
export async function checkZipEntries(bytes: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  let entries: Entry[];
  try {
    entries = entriesOf(bytes, limits);
  } catch (error) {
    if (error instanceof ZipRefusedError) throw error;
    throw new ZipRefusedError('a truncated archive');
  }
  let remaining = limits.maxTotalBytes;
  for (const entry of entries) {
    const allowed = allowanceOf(entry, limits, remaining);
    if (entry.declaredSize > allowed) throw new ZipRefusedError(`${entry.name} declares ${entry.declaredSize} bytes inflated`, true);
    if (entry.flags & 1) throw new ZipRefusedError(`${entry.name} is encrypted`);
    if (entry.compressedSize === MAX_32 || entry.localHeader + 30 > bytes.length || bytes.readUInt32LE(entry.localHeader) !== LOCAL_HEADER)
      throw new ZipRefusedError(`${entry.name} has no local header`);
    const dataStart = entry.localHeader + 30 + bytes.readUInt16LE(entry.localHeader + 26) + bytes.readUInt16LE(entry.localHeader + 28);
    if (dataStart + entry.compressedSize > bytes.length) throw new ZipRefusedError(`${entry.name} runs past the end of the file`);
    const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
    // Inflating stops as soon as the entry passes what it declared (itself within the allowance).
    let actual: number | null;
    if (entry.method === STORED) actual = data.length <= entry.declaredSize ? data.length : null;
    else if (entry.method === DEFLATED) actual = await inflatedSize(data, entry.declaredSize);
    else throw new ZipRefusedError(`${entry.name} uses compression method ${entry.method}`);
    if (actual === null) throw new ZipRefusedError(`${entry.name} inflates past the ${entry.declaredSize} bytes it declares`, true);
    if (actual !== entry.declaredSize)
      throw new ZipRefusedError(`${entry.name} inflates to ${actual} bytes, not the ${entry.declaredSize} it declares`);
    remaining -= actual;
  }
}
