import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from '../auth/auth.schemas.ts';
import { clientInputSchema } from '../clients/client.schemas.ts';
import { createFolderInputSchema, startDirectUploadInputSchema, updateDocumentInputSchema } from '../documents/document.schemas.ts';
import { firmSetupRequestSchema } from '../firm/firm.schemas.ts';
import { optionalMultilineText, optionalText, requiredMultilineText, requiredText } from './fields.ts';
import { controlCharactersMessage, isMultilineText, isSingleLineText, withoutControlCharacters } from './text-characters.ts';

const RLO = '\u202E';

describe('isSingleLineText and isMultilineText', () => {
  it.each([
    ['plain', 'Pleadings 2024', true, true],
    ['accents, Yoruba tone marks, Arabic', 'Ọ̀rọ̀ Adéyẹmí محمد', true, true],
    ['left-to-right and right-to-left marks', 'شركة\u200F (Lagos)\u200E', true, true],
    ['a line feed', 'Smith\nJones', false, true],
    ['CR LF', 'Smith\r\nJones', false, true],
    ['a tab', 'Smith\tJones', false, true],
    ['a line separator', 'Smith\u2028Jones', false, true],
    ['a carriage return alone', 'Smith\rJones', false, false],
    ['a NUL', 'Smith\u0000', false, false],
    ['an escape', 'Smith\u001b[31m', false, false],
    ['a vertical tab', 'Smith\u000bJones', false, false],
    ['DEL', 'Smith\u007f', false, false],
    ['a C1 next-line', 'Smith\u0085Jones', false, false],
    ['a right-to-left override', `Invoice${RLO}fdp.exe`, false, false],
    ['each embedding and override', '\u202A\u202B\u202C\u202D', false, false],
    ['a first-strong isolate', 'Smith\u2068Jones\u2069', false, false],
    ['a left-to-right isolate', '\u2066Smith', false, false],
  ])('%s: one line %s, text %s', (_what, text, isOneLine, isText) => {
    expect(isSingleLineText(text)).toBe(isOneLine);
    expect(isMultilineText(text)).toBe(isText);
  });

  it('drops what a name cannot hold from a file’s own name, keeping the rest', () => {
    expect(withoutControlCharacters(`Invoice${RLO}fdp.exe`)).toBe('Invoicefdp.exe');
    expect(withoutControlCharacters('Brief\r\n\u2066final\u2069\u0085.pdf')).toBe('Brieffinal.pdf');
    expect(withoutControlCharacters('محمد\u200F.pdf')).toBe('محمد\u200F.pdf');
  });
});

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the text field builders', () => {
  it('refuse control and direction-override characters in one-line text with the field’s label', () => {
    expect(messageOf(requiredText('Matter name').safeParse('Smith v Jones\r\nappeal'))).toBe(
      'Matter name cannot contain control or direction-override characters',
    );
    expect(messageOf(optionalText('City').safeParse(`Lagos${RLO}`))).toBe('City cannot contain control or direction-override characters');
  });

  it('keep line breaks and tabs in multi-line text but refuse the rest', () => {
    expect(requiredMultilineText('Reason', 500).parse('Line one\r\n\tLine two\nLine three')).toBe('Line one\r\n\tLine two\nLine three');
    expect(optionalMultilineText('Notes').parse('First\nSecond')).toBe('First\nSecond');
    expect(messageOf(optionalMultilineText('Notes').safeParse(`Paid${RLO}`))).toBe(
      'Notes cannot contain control or direction-override characters',
    );
    expect(messageOf(requiredMultilineText('Reason').safeParse('Bell\u0007'))).toBe(
      'Reason cannot contain control or direction-override characters',
    );
  });

  it('trim first, so a name that only ends in a line break is kept without it', () => {
    expect(requiredText('Name').parse('Pleadings\r\n')).toBe('Pleadings');
  });

  it('keep the messages they gave before for blank and long text', () => {
    expect(messageOf(requiredText('Name', 10).safeParse('  '))).toBe('Name is required');
    expect(messageOf(requiredText('Name', 10).safeParse('x'.repeat(11)))).toBe('Name must be at most 10 characters');
    expect(optionalText('City').parse('  ')).toBeNull();
  });
});

describe('the names the issue named refuse the same characters', () => {
  const message = (label: string) => controlCharactersMessage(label);

  it.each(['Pleadings\r\nDrafts', `Pleadings${RLO}stfard`])('a folder name %j', (name) => {
    expect(messageOf(createFolderInputSchema.safeParse({ name }))).toBe(message('Folder name'));
  });

  it.each(['Engagement\nletter.pdf', `Engagement${RLO}fdp.exe`])('a document’s new name %j', (name) => {
    expect(messageOf(updateDocumentInputSchema.safeParse({ name }))).toBe(message('Name'));
  });

  it('a document’s description keeps its line breaks', () => {
    expect(updateDocumentInputSchema.parse({ name: 'Letter.pdf', description: 'Signed\nand dated' }).description).toBe('Signed\nand dated');
    expect(messageOf(updateDocumentInputSchema.safeParse({ name: 'Letter.pdf', description: `Signed${RLO}` }))).toBe(
      message('Description'),
    );
  });

  it.each([
    ['companyName', { clientType: 'company', companyName: 'Acme\r\nLtd' }, 'Company name'],
    ['firstName', { clientType: 'individual', firstName: `Ada${RLO}`, lastName: 'Obi' }, 'First name'],
    ['lastName', { clientType: 'individual', firstName: 'Ada', lastName: 'Obi\u0085' }, 'Last name'],
  ])('a client’s %s', (field, input, label) => {
    const result = clientInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((issue) => issue.path[0] === field)?.message).toBe(message(label));
  });

  it('a client’s notes keep their line breaks', () => {
    expect(clientInputSchema.parse({ clientType: 'company', companyName: 'Acme Ltd', notes: 'Met in Lagos.\nCall back.' }).notes).toBe(
      'Met in Lagos.\nCall back.',
    );
  });

  it.each(['Adeyemi &\r\nPartners', `Adeyemi ${RLO}srentraP`])('a firm’s name %j, at set-up and at sign-up', (firmName) => {
    const setUp = firmSetupRequestSchema.safeParse({
      firmName,
      portalSlug: 'adeyemi',
      country: 'Nigeria',
      homeCurrencyId: 1,
      multicurrency: false,
      timeZone: 'Africa/Lagos',
    });
    expect(messageOf(setUp)).toBe(message('Firm name'));
    const signUp = signupRequestSchema.safeParse({
      firmName,
      name: 'Ada Obi',
      email: 'ada@example.com',
      password: 'correct-horse-battery-staple',
    });
    expect(messageOf(signUp)).toBe(message('Firm name'));
  });

  it('a file name sent before a direct upload loses the characters rather than refusing the file', () => {
    const input = startDirectUploadInputSchema.parse({
      FolderId: '7d9f3b0e-1c2a-4b5c-8d6e-0f1a2b3c4d5e',
      fileName: `Invoice${RLO}fdp.exe`,
      sizeBytes: 10,
      sha256: 'a'.repeat(64),
    });
    expect(input.fileName).toBe('Invoicefdp.exe');
  });
});
