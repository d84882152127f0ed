import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip written as it streams (PKWARE's APPNOTE 6.3): each entry's local header, its bytes (stored,
 * or deflated), a data descriptor with the CRC-32 and sizes once they are known; then the central
 * directory, with Zip64 records once the archive passes 4 GiB or 65,535 entries. An entry itself
 * stays under 4 GiB (uploads are far smaller), so its descriptor is always the 32-bit one.
 *
 * Ours rather than archiver's because of the CRC-32: Node's is native (`zlib.crc32`), archiver's is
 * JavaScript behind several stream stages, which held a zip of 1,000 files to 40% of the speed of
 * reading them (ADR 0028). Names are UTF-8 (flag bit 11); times are the entry's, in UTC.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** Bit 3: the CRC and sizes follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const STORED = 0;
const DEFLATED = 8;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Versions 2.0 (deflate) and 4.5 (Zip64) of the format. */
const VERSION = 20;
const VERSION_ZIP64 = 45;
/**
 * Made by a Unix host, with a plain file's mode (rw-r--r--): Info-ZIP's unzip reads the names of
 * entries made on MS-DOS as code page 437 whatever their UTF-8 flag says.
 */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

export type ZipEntry = { name: string; deflate: boolean; modifiedAt?: Date };

type Written = { name: Buffer; method: number; time: number; date: number; crc: number; compressed: number; size: number; offset: number };

/**
 * `zip64Above`: the largest offset or count written without Zip64 records; tests lower it to read
 * those records back without writing 4 GiB.
 */
export function createZipWriter(options: { zip64Above?: number } = {}) {
  const limit = options.zip64Above ?? MAX_32 - 1;
  const output = new PassThrough();
  const entries: Written[] = [];
  let offset = 0;

  const write = async (bytes: Buffer) => {
    if (output.destroyed) throw new Error('The zip was closed before it was written');
    offset += bytes.length;
    if (!output.write(bytes)) await Promise.race([once(output, 'drain'), once(output, 'close')]);
  };

  return {
    /** The zip's bytes, for a response body; destroying it abandons the zip. */
    stream: output as Readable,

    /** Writes one entry from its content; add the next once this resolves. */
    async add(content: Readable, entry: ZipEntry) {
      const name = Buffer.from(entry.name, 'utf8');
      const { time, date } = dosTimeOf(entry.modifiedAt ?? new Date());
      const method = entry.deflate ? DEFLATED : STORED;
      const start = offset;
      const header = Buffer.alloc(30);
      header.writeUInt32LE(LOCAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(FLAGS, 6);
      header.writeUInt16LE(method, 8);
      header.writeUInt16LE(time, 10);
      header.writeUInt16LE(date, 12);
      header.writeUInt16LE(name.length, 26);
      await write(Buffer.concat([header, name]));

      let crc = 0;
      let size = 0;
      const dataStart = offset;
      const counted = async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          yield chunk;
        }
      };
      const sink = async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) await write(chunk);
      };
      if (entry.deflate) await pipeline(content, counted, createDeflateRaw({ level: 6 }), sink);
      // Most files are stored: one loop, no stream stages between the file and the zip (leaving the
      // loop on an error destroys the content).
      else
        for await (const chunk of content as AsyncIterable<Buffer>) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          await write(chunk);
        }
      const compressed = offset - dataStart;
      if (size > MAX_32 || compressed > MAX_32) throw new Error(`${entry.name} is over 4 GiB, more than a zip entry here holds`);

      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      await write(descriptor);
      entries.push({ name, method, time, date, crc, compressed, size, offset: start });
    },

    /** Writes the central directory and ends the stream. */
    async finish() {
      const centralStart = offset;
      for (const entry of entries) await write(centralHeaderOf(entry, limit));
      const centralSize = offset - centralStart;
      const isZip64 = entries.length > Math.min(MAX_16 - 1, limit) || centralStart > limit || centralSize > limit;
      if (isZip64) {
        const record = Buffer.alloc(56);
        record.writeUInt32LE(ZIP64_END, 0);
        record.writeBigUInt64LE(44n, 4); // the record's size after this field
        record.writeUInt16LE(VERSION_ZIP64, 12);
        record.writeUInt16LE(VERSION_ZIP64, 14);
        record.writeBigUInt64LE(BigInt(entries.length), 24);
        record.writeBigUInt64LE(BigInt(entries.length), 32);
        record.writeBigUInt64LE(BigInt(centralSize), 40);
        record.writeBigUInt64LE(BigInt(centralStart), 48);
        const locator = Buffer.alloc(20);
        locator.writeUInt32LE(ZIP64_LOCATOR, 0);
        locator.writeBigUInt64LE(BigInt(offset), 8);
        locator.writeUInt32LE(1, 16);
        await write(Buffer.concat([record, locator]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END, 0);
      end.writeUInt16LE(isZip64 ? MAX_16 : entries.length, 8);
      end.writeUInt16LE(isZip64 ? MAX_16 : entries.length, 10);
      end.writeUInt32LE(isZip64 ? MAX_32 : centralSize, 12);
      end.writeUInt32LE(isZip64 ? MAX_32 : centralStart, 16);
      await write(end);
      output.end();
    },
  };
}

/** An entry's central directory record; an offset past `limit` goes in its Zip64 extra field. */
function centralHeaderOf(entry: Written, limit: number): Buffer {
  const isZip64 = entry.offset > limit;
  const extra = Buffer.alloc(isZip64 ? 12 : 0);
  if (isZip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(entry.offset), 4);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(isZip64 ? VERSION_ZIP64 : VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(isZip64 ? MAX_32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

/** MS-DOS date and time (2-second steps, years 1980–2107), from the UTC fields. */
function dosTimeOf(moment: Date) {
  const year = Math.min(Math.max(moment.getUTCFullYear(), 1980), 2107);
  return {
    time: (moment.getUTCHours() << 11) | (moment.getUTCMinutes() << 5) | Math.floor(moment.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((moment.getUTCMonth() + 1) << 5) | moment.getUTCDate(),
  };
}
