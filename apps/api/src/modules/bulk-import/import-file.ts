import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** One record of the file: its row number (the header is row 1) and its cells by header. */
export type ImportRow = { row: number; cells: Record<string, string> };

/** A cell of a worksheet as text: dates as ISO days, formulas by their result, rich text by its words. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    return '';
  }
  return String(value).trim();
}

/** The rows of a CSV file (UTF-8, a byte-order mark allowed), streamed: the header first, then each record. */
async function* csvRows(content: Readable): AsyncGenerator<string[]> {
  const parser = content.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }));
  for await (const record of parser) yield (record as string[]).map((cell) => cell ?? '');
}

/** The rows of the first worksheet of an .xlsx file, streamed (the workbook is never held whole). */
async function* xlsxRows(content: Readable): AsyncGenerator<string[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(content, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore' });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = values.map(cellText);
      if (cells.some((cell) => cell !== '')) yield cells;
    }
    return;
  }
}

/**
 * The file's header row and then its records with their cells by header. A blank header becomes
 * "Column N"; a repeated one gets " (2)", so every column can be mapped.
 */
export async function* importRows(content: Readable, fileType: 'csv' | 'xlsx'): AsyncGenerator<{ headers: string[] } | ImportRow> {
  let headers: string[] | null = null;
  let row = 1;
  for await (const cells of fileType === 'csv' ? csvRows(content) : xlsxRows(content)) {
    if (!headers) {
      const seen = new Map<string, number>();
      headers = cells.map((cell, index) => {
        const name = cell.trim() || `Column ${index + 1}`;
        const count = (seen.get(name) ?? 0) + 1;
        seen.set(name, count);
        return count === 1 ? name : `${name} (${count})`;
      });
      yield { headers };
      continue;
    }
    row += 1;
    yield { row, cells: Object.fromEntries(headers.map((header, index) => [header, (cells[index] ?? '').trim()])) };
  }
}

/** Just the header row (the upload reads no further). */
export async function readHeaders(content: Readable, fileType: 'csv' | 'xlsx'): Promise<string[] | null> {
  for await (const item of importRows(content, fileType)) {
    content.destroy();
    return 'headers' in item ? item.headers : null;
  }
  return null;
}

/**
 * How many records follow the header, counted at upload so the limit is known before any work:
 * past `atMost` the count stops there and answers `atMost + 1`.
 */
export async function countRecords(content: Readable, fileType: 'csv' | 'xlsx', atMost: number): Promise<number> {
  let count = -1;
  for await (const _cells of fileType === 'csv' ? csvRows(content) : xlsxRows(content)) {
    count += 1;
    if (count > atMost) {
      content.destroy();
      break;
    }
  }
  return Math.max(count, 0);
}
