import type { z } from 'zod';
import { fromCents, toCents, type GeneralLedger, type generalLedgerQuerySchema } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { csvFileStart, csvLine } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findAccount } from './chart-of-accounts.repository.ts';
import * as days from './general-ledger-days.repository.ts';
import * as repository from './general-ledger.repository.ts';
import { generalLedgerPdf } from './statement-documents.ts';
import { findStatementFirm } from './statements.repository.ts';

type Query = z.output<typeof generalLedgerQuerySchema>;

/**
 * One account's general ledger: per currency, the opening balance (lines before FromDate), the
 * range's debits and credits and the closing balance; each line's running balance is the opening
 * balance plus the movement up to it in its own currency. Two currencies are never added. Unless a
 * client, matter or amount narrows the lines, the balances, the count and where a page starts come
 * from the day totals (general-ledger-days.repository.ts), so a page of an account of 200,000 lines
 * reads a day or two of them, not all.
 */
async function ledgerOf(tx: Tx, firmId: string, query: Query, paged: boolean) {
  const account = await findAccount(tx, firmId, query.AccountId);
  if (!account) throw notFound('Account');
  const filter = {
    accountId: account.id,
    clientId: query.ClientId,
    matterId: query.MatterId,
    sourceType: query.SourceType,
    minAmount: query.MinAmount,
    maxAmount: query.MaxAmount,
  };
  const fromDate = query.FromDate ?? null;
  const toDate = query.ToDate ?? null;
  const fromDays = days.isAnsweredByDayTotals(filter);
  const opening = new Map<string, bigint>();
  if (fromDate)
    for (const row of await (fromDays ? days.openingBalancesFromDays : repository.openingBalances)(tx, firmId, filter, fromDate))
      opening.set(row.currencyCode, toCents(row.balance));
  const totals = await (fromDays ? days.rangeTotalsFromDays : repository.rangeTotals)(tx, firmId, filter, fromDate, toDate);
  const codes = [...new Set([...opening.keys(), ...totals.map((row) => row.currencyCode)])].sort();
  const currencies = codes.map((currencyCode) => {
    const total = totals.find((row) => row.currencyCode === currencyCode);
    const openingBalance = opening.get(currencyCode) ?? 0n;
    const debit = toCents(total?.totalDebit ?? '0');
    const credit = toCents(total?.totalCredit ?? '0');
    return {
      currencyCode,
      openingBalance: fromCents(openingBalance),
      totalDebit: fromCents(debit),
      totalCredit: fromCents(credit),
      closingBalance: fromCents(openingBalance + debit - credit),
    };
  });
  const page = paged ? { limit: query.size, offset: (query.page - 1) * query.size } : null;
  const rows =
    page && fromDays
      ? await days.pageFromDays(tx, firmId, filter, fromDate, toDate, page)
      : await repository.linesWithMovement(tx, firmId, filter, fromDate, toDate, page);
  const lines = rows.map(({ movement, ...row }) => ({
    ...row,
    sourceType: row.sourceType as GeneralLedger['data'][number]['sourceType'],
    runningBalance: fromCents((opening.get(row.currencyCode) ?? 0n) + toCents(movement)),
  }));
  return {
    account: {
      id: account.id,
      number: account.number,
      name: account.name,
      type: account.type as GeneralLedger['account']['type'],
      normalBalance: account.normalBalance as 'debit' | 'credit',
    },
    fromDate,
    toDate,
    currencies,
    lines,
    totalCount: totals.reduce((sum, row) => sum + row.lines, 0),
  };
}

export function createGeneralLedgerService(database: Database) {
  return {
    page(principal: FirmPrincipal, query: Query): Promise<GeneralLedger> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const { lines, ...ledger } = await ledgerOf(tx, principal.firmId, query, true);
          return { ...ledger, data: lines, page: query.page, size: query.size };
        },
        READ_ONLY,
      );
    },

    /** Every line of the range as a PDF: per currency, its opening balance, lines and closing balance. */
    pdf(principal: FirmPrincipal, query: Query): Promise<Buffer> {
      return database
        .withFirm(
          principal.firmId,
          async (tx) => ({
            ledger: await ledgerOf(tx, principal.firmId, query, false),
            firm: await findStatementFirm(tx, principal.firmId),
          }),
          READ_ONLY,
        )
        .then(({ ledger, firm }) => generalLedgerPdf({ ...ledger, lines: ledger.lines.map((line) => ({ ...line })) }, firm.firmName));
    },

    /** Every line of the range, each currency's opening balance first. */
    csv(principal: FirmPrincipal, query: Query): Promise<string> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const ledger = await ledgerOf(tx, principal.firmId, query, false);
          const header = [
            'Date',
            'Reference',
            'Memo',
            'Line memo',
            'Source',
            'Source id',
            'Client',
            'Matter',
            'Currency',
            'Debit',
            'Credit',
            'Balance',
          ];
          const openings = ledger.currencies.map((currency) =>
            csvLine([
              ledger.fromDate ?? '',
              '',
              'Opening balance',
              '',
              '',
              '',
              '',
              '',
              currency.currencyCode,
              '',
              '',
              currency.openingBalance,
            ]),
          );
          const lines = ledger.lines.map((line) =>
            csvLine([
              line.entryDate,
              line.reference,
              line.memo,
              line.lineMemo,
              line.sourceType,
              line.sourceId,
              line.clientName,
              line.matterNumber,
              line.currencyCode,
              line.debit,
              line.credit,
              line.runningBalance,
            ]),
          );
          return csvFileStart(header) + openings.join('') + lines.join('');
        },
        READ_ONLY,
      );
    },
  };
}
