import { BULK_IMPORT_FIELDS, BULK_IMPORT_KIND_LABELS, type BulkImportKind } from '@matterhorn/shared';

/** Excel reads a CSV as UTF-8 only when it starts with this mark ("Client’s" would otherwise be garbled). */
const BOM = '\uFEFF';

/** A CSV cell: quoted when it holds a comma, a quote or a line break, its quotes doubled. */
export const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A header row as a CSV file's text: the BOM, the cells comma-separated, then CRLF. */
export const csvHeaderRow = (labels: readonly string[]) => `${BOM}${labels.map(csvCell).join(',')}\r\n`;

/** The template of a kind: its fields' labels, in order, which the mapping step then matches by themselves. */
export const importTemplateCsv = (kind: BulkImportKind) => csvHeaderRow(BULK_IMPORT_FIELDS[kind].map((field) => field.label));

/** "Opening trust balances" → opening-trust-balances-template.csv. */
export const importTemplateFileName = (kind: BulkImportKind) =>
  `${BULK_IMPORT_KIND_LABELS[kind].trim().toLowerCase().replace(/\s+/g, '-')}-template.csv`;
