import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Decompression bombs built in the test, never committed as binaries: Word documents whose body
 * inflates far beyond the file's size. The body is deflated as a stream from a repeated chunk, so
 * a 150 MB part is never held in memory here either.
 */
type BombEntry = { name: string; parts: Iterable<Buffer>; declaredSize?: number };

async function deflated(entry: BombEntry): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const part of entry.parts) {
    crc = crc32(part, crc);
    size += part.length;
    if (!deflater.write(part)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await finished;
  return { data: Buffer.concat(chunks), crc, size };
}

/** A zip of deflated entries; an entry's declaredSize, when given, is what its headers claim instead of the truth. */
export async function zipOf(entries: BombEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, crc, size } = await deflated(entry);
    const declared = entry.declaredSize ?? size;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
/** One paragraph of 1 MiB of text: the body is this, repeated. */
const PARAGRAPH = Buffer.from(`<w:p><w:r><w:t>${'Whereas the parties agree. '.repeat(38_836)}</w:t></w:r></w:p>`);

/**
 * A .docx whose document.xml inflates to about `megabytes` MB; `declaredMegabytes` makes its
 * headers understate that (the archive lies to the parser about what it will inflate to).
 */
export function bombDocx({ megabytes, declaredMegabytes }: { megabytes: number; declaredMegabytes?: number }): Promise<Buffer> {
  const open = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  const close = Buffer.from('</w:body></w:document>');
  function* body() {
    yield open;
    for (let index = 0; index < megabytes; index += 1) yield PARAGRAPH;
    yield close;
  }
  return zipOf([
    { name: '[Content_Types].xml', parts: [Buffer.from(CONTENT_TYPES)] },
    { name: '_rels/.rels', parts: [Buffer.from(RELATIONSHIPS)] },
    {
      name: 'word/document.xml',
      parts: body(),
      declaredSize: declaredMegabytes === undefined ? undefined : declaredMegabytes * PARAGRAPH.length,
    },
  ]);
}
