import { addMoney } from '@matterhorn/shared';

/** The currencies of a money report in the order it shows them: the firm's home currency first, then by code. */
export const currencyOrder = (home: string, codes: Iterable<string>): string[] =>
  [...new Set(codes)].sort((left, right) => Number(right === home) - Number(left === home) || left.localeCompare(right));

/** Σ of one money field of the rows (exact decimals; '0.00' for none). */
export const sumOf = <T>(rows: readonly T[], amount: (row: T) => string): string => addMoney('0', ...rows.map(amount));

/** The label of a row whose invoices cover several matters (their receivable is booked to the client alone). */
export const SEVERAL_MATTERS = 'Several matters';
