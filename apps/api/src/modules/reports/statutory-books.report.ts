import { isoToDisplayDate, reportContracts, STATUTORY_BOOK_NAMES } from '@matterhorn/shared';
import { billsOfCostsBook } from './bills-of-costs-book.ts';
import { clientsCashBook, clientsLedgerBook } from './client-money-books.ts';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { criteriaOf } from './report-texts.ts';

/**
 * Statutory books (issue 37, report 11): the books Nigeria's Legal Practitioners' Accounts Rules 1964
 * require of a firm holding client money, as it shows them to an inspector — the clients' cash book,
 * the clients' ledger and the record of bills of costs. Each is one printable answer.
 */
export const statutoryBooksReport = defineReport({
  contract: reportContracts.statutoryBooks,
  name: 'statutory-books',
  async run(tx, context, query) {
    const book = query.Book ?? 'cash-book';
    const period = { from: query.From, to: query.To ?? context.today, clientId: query.ClientId };
    const isBills = book === 'bills-of-costs';
    // The screen reads a page of the book (a year of a large firm is tens of thousands of lines); the printed book, all of it.
    const isPrinted = query.format === 'csv' || query.format === 'pdf';
    const page = isPrinted ? null : entriesPageOf(query);
    const part = isBills
      ? await billsOfCostsBook(tx, context.firmId, period, page)
      : book === 'clients-ledger'
        ? await clientsLedgerBook(tx, context.firmId, period, page)
        : await clientsCashBook(tx, context.firmId, period, page);
    return {
      title: STATUTORY_BOOK_NAMES[book],
      level: 'summary',
      criteria: [
        'Kept under the Legal Practitioners’ Accounts Rules 1964 (Nigeria)',
        ...criteriaOf(context, { ...query, To: period.to }, { dates: isBills ? 'Bills dated' : 'Movements dated' }),
      ],
      ...part,
      dateBasis: isBills
        ? `Issue date: a bill is on the record from the date it bears, up to ${isoToDisplayDate(period.to)}.`
        : `Movement date: a movement is in the book on its own date (a back-dated one on that date), up to ${isoToDisplayDate(period.to)}; movements of one date in the order they were recorded.`,
      rounding: isBills
        ? 'Each bill’s figures are as issued, to the cent (its tax rounded half-up once when it was issued); sums are exact.'
        : 'Every movement is stored to the cent; sums are exact, nothing is rounded.',
    };
  },
});
