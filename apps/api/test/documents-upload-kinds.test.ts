import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BASE, ELF, setUpDocumentFixture, sha256, type DocumentFixture } from './support/document-fixture.ts';

let fixture: DocumentFixture;
let folderId: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  folderId = await fixture.matterFolderId();
});
afterAll(() => fixture.context.close());

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
/** Enough bytes after a signature for the type to be read as it is in a real file. */
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(4096)]);
const ftyp = (brand: string) => padded(bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], brand, 'isom'));
const mpegFrame = bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(413));

function zipOf(entries: Record<string, string>, firstStored?: string): Buffer {
  const zip = new PizZip();
  if (firstStored) zip.file(firstStored, entries[firstStored]!, { compression: 'STORE' });
  for (const [name, content] of Object.entries(entries)) if (name !== firstStored) zip.file(name, content);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const EMAIL = [
  'From: Ada Obi <ada@firm.example>',
  'To: Kemi Adebayo <kemi@client.example>',
  'Subject: Settlement offer',
  'Date: Fri, 1 Mar 2024 10:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'We accept the offer of £5,000 in full and final settlement.',
  '',
].join('\r\n');

/** The kinds a firm keeps beyond PDFs and Office files: file name, content, the type it is filed as. */
const ACCEPTED: [string, Buffer, string][] = [
  ['Attendance note.txt', Buffer.from('Attendance note — met the client at 10:00; £5,000 offered.\n'), 'text/plain'],
  ['Disbursements.csv', Buffer.from('Date,Payee,Amount\n2024-03-01,Court fee,1500.00\n'), 'text/csv'],
  ['Settlement offer.eml', Buffer.from(EMAIL), 'message/rfc822'],
  ['Letter from the other side.msg', padded(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), 'application/x-cfb'],
  ['Exhibits.zip', zipOf({ 'exhibit-a.txt': 'Exhibit A', 'exhibit-b.txt': 'Exhibit B' }), 'application/zip'],
  ['Old pleading.rtf', Buffer.from('{\\rtf1\\ansi The defendant denies the claim.}'), 'application/rtf'],
  [
    'Draft lease.odt',
    zipOf({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document-content/>' }, 'mimetype'),
    'application/vnd.oasis.opendocument.text',
  ],
  ['Site photo.jpg', padded(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0])), 'image/jpeg'],
  ['Plan.gif', padded(bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0])), 'image/gif'],
  ['Scan.tiff', padded(bytes('II', [0x2a, 0], [8, 0, 0, 0])), 'image/tiff'],
  ['Phone photo.heic', ftyp('heic'), 'image/heic'],
  ['Sketch.bmp', padded(bytes('BM', [0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0])), 'image/bmp'],
  ['Voicemail.mp3', bytes('ID3', [3, 0, 0, 0, 0, 0, 0], mpegFrame, mpegFrame, mpegFrame), 'audio/mpeg'],
  ['Interview.m4a', ftyp('M4A '), 'audio/x-m4a'],
  ['Dictation.wav', padded(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')), 'audio/wav'],
  ['Call.ogg', padded(bytes('OggS', [0, 2], Buffer.alloc(20), [1, 0x1e], [1], 'vorbis')), 'audio/ogg'],
  ['Voice note.opus', padded(bytes('OggS', [0, 2], Buffer.alloc(20), [1, 0x13], 'OpusHead')), 'audio/ogg'],
  ['Recording.aac', padded(bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc])), 'audio/aac'],
];

describe('upload-document: the files law firms keep', () => {
  it.each(ACCEPTED)('files %s as %s, scanned and downloaded like any document', async (fileName, content, contentType) => {
    const response = await fixture.upload(folderId, { fileName, content });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ name: fileName, contentType, sizeBytes: content.length, sha256: sha256(content) });
    const download = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${response.json().data.id}`, fixture.tokens.admin);
    expect(download.headers['content-type']).toBe(contentType);
    expect(sha256(download.rawPayload)).toBe(sha256(content));
  });

  it('takes a text file larger than what is looked at whole, with its size and hash', async () => {
    const content = Buffer.from('Line of a long transcript, with an é and a £.\n'.repeat(4000));
    const response = await fixture.upload(folderId, { fileName: 'Transcript.txt', content });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ contentType: 'text/plain', sizeBytes: content.length, sha256: sha256(content) });
  });
});

describe('upload-document: programs and scripts stay refused', () => {
  const refused: [string, string, Buffer][] = [
    ['a Linux program named as text', 'notes.txt', ELF],
    ['a Windows program named as a spreadsheet', 'figures.csv', padded(bytes('MZ', [0x90, 0]))],
    ['a shell script named as text', 'readme.txt', Buffer.from('#!/bin/sh\nrm -rf ~\n')],
    ['text with NUL bytes', 'notes.txt', Buffer.from('plain\u0000words')],
    ['text that is not UTF-8', 'legacy.csv', Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x2c, 0xa3, 0x35, 0x30, 0x0a])],
    ['JavaScript', 'invoice.js', Buffer.from('alert(document.cookie)')],
    ['a batch file', 'setup.bat', Buffer.from('@echo off\r\ndel /q *.*\r\n')],
    ['a shell script', 'install.sh', Buffer.from('echo hello\n')],
    ['a program', 'setup.exe', padded(bytes('MZ', [0x90, 0]))],
    ['plain text under another name', 'notes.pdf', Buffer.from('plain words, not a document')],
  ];

  it.each(refused)('refuses %s (%s) with 415 and the usual message, filing nothing', async (_what, fileName, content) => {
    const before = await fixture.counts();
    const response = await fixture.upload(folderId, { fileName, content });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/^A document must be a PDF, Word, .* or MP4 file$/);
    expect(await fixture.counts()).toEqual(before);
  });
});
