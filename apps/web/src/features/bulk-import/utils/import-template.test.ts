import { BULK_IMPORT_FIELDS, BULK_IMPORT_KINDS, suggestBulkImportMapping } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { csvCell, csvHeaderRow, importTemplateCsv, importTemplateFileName } from './import-template.ts';

describe('an import’s CSV template', () => {
  it('is the header row of its kind’s labels, in order, after a UTF-8 BOM and ending with CRLF', () => {
    expect(importTemplateCsv('openingReceivables')).toBe('\uFEFFClient,Matter,Invoice number,Invoice date,Due date,Amount owed\r\n');
    expect(importTemplateCsv('timeEntries')).toBe(
      '\uFEFFClient,Matter,Date,Fee earner (email),Hours,Rate,Description,Billable,Activity\r\n',
    );
  });

  it.each([
    ['Client', 'Client'],
    ['Amount, net', '"Amount, net"'],
    ['The "rate"', '"The ""rate"""'],
    ['"', '""""'],
    ['Notes\r\nmore', '"Notes\r\nmore"'],
  ])('writes %j as %j', (text, expected) => {
    expect(csvCell(text)).toBe(expected);
  });

  it('quotes only the cells that need it', () => {
    expect(csvHeaderRow(['Client', 'Amount, net', 'The "rate"'])).toBe('\uFEFFClient,"Amount, net","The ""rate"""\r\n');
  });

  it.each([
    ['clients', 'clients-template.csv'],
    ['timeEntries', 'time-entries-template.csv'],
    ['openingTrustBalances', 'opening-trust-balances-template.csv'],
  ] as const)('names the %s template %s', (kind, expected) => {
    expect(importTemplateFileName(kind)).toBe(expected);
  });

  it.each(BULK_IMPORT_KINDS)('has %s headers the mapping step matches to every field by itself', (kind) => {
    const fields = BULK_IMPORT_FIELDS[kind];
    expect(
      suggestBulkImportMapping(
        kind,
        fields.map((field) => field.label),
      ),
    ).toEqual(Object.fromEntries(fields.map((field) => [field.name, field.label])));
  });
});
