import { describe, expect, it } from 'vitest';
import { downloadNameOf } from './download-names.ts';

const PDF = { mime: 'application/pdf', ext: 'pdf' };
const JPEG = { mime: 'image/jpeg', ext: 'jpg' };
const LEGACY_OFFICE = { mime: 'application/x-cfb', ext: 'cfb' };
const OPUS = { mime: 'audio/ogg; codecs=opus', ext: 'opus' };

describe('downloadNameOf', () => {
  it.each([
    ['brief.pdf', PDF, 'brief.pdf'],
    ['BRIEF.PDF', PDF, 'BRIEF.PDF'],
    ['x.html', PDF, 'x.html.pdf'],
    ['invoice.exe', PDF, 'invoice.exe.pdf'],
    ['statement', PDF, 'statement.pdf'],
    ['.pdf', PDF, '.pdf.pdf'],
    ['report.pdf.', PDF, 'report.pdf..pdf'],
    ['Site photo.jpg', JPEG, 'Site photo.jpg'],
    ['Site photo.JPEG', JPEG, 'Site photo.JPEG'],
    ['scan.png', JPEG, 'scan.png.jpg'],
    ['Old pleading.doc', LEGACY_OFFICE, 'Old pleading.doc'],
    ['Letter.msg', LEGACY_OFFICE, 'Letter.msg'],
    ['setup.msi', LEGACY_OFFICE, 'setup.msi.cfb'],
    ['Voice note.ogg', OPUS, 'Voice note.ogg'],
  ])('%s, whose content is %j, is kept as %s', (fileName, type, expected) => {
    expect(downloadNameOf(fileName, type)).toBe(expected);
  });
});
