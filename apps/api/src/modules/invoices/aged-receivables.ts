import type { z } from 'zod';
import { addMoney, type AgedReceivables, type agedReceivablesQuerySchema } from '@matterhorn/shared';
import { type Database, READ_ONLY } from '../../db/database.ts';
import { csvFileStart, csvLine } from '../../lib/csv.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findInvoiceSettings } from './invoices.repository.ts';
import { findAgedReceivables } from './receivables-as-of.repository.ts';

type AgedQuery = z.output<typeof agedReceivablesQuerySchema>;

const AGING_COLUMNS = ['current', 'days1To30', 'days31To60', 'days61To90', 'days90Plus', 'total'] as const;

/** What clients owed at the end of a day, by days past due, per currency: the report, and its CSV. */
export const findAgedReceivablesReport = (database: Database, principal: FirmPrincipal, query: AgedQuery): Promise<AgedReceivables> =>
  database.withFirm(
    principal.firmId,
    async (tx) => {
      const settings = await findInvoiceSettings(tx, principal.firmId);
      const asOf = query.AsOf ?? settings.today;
      const rows = await findAgedReceivables(tx, principal.firmId, asOf, query.ClientId);
      const clients = rows.map((client) => ({ ...client, invoiceCount: Number(client.invoiceCount) }));
      const currencies = [...new Set(clients.map((client) => client.currencyCode))].sort(
        (left, right) => Number(right === settings.currencyCode) - Number(left === settings.currencyCode) || left.localeCompare(right),
      );
      const totals = currencies.map((currencyCode) => {
        const inCurrency = clients.filter((client) => client.currencyCode === currencyCode);
        const sums = Object.fromEntries(
          AGING_COLUMNS.map((column) => [column, addMoney('0', ...inCurrency.map((client) => client[column]))]),
        ) as Record<(typeof AGING_COLUMNS)[number], string>;
        return { currencyCode, currencySymbol: inCurrency[0]!.currencySymbol, ...sums };
      });
      return { asOf, clients, totals };
    },
    READ_ONLY,
  );

/** The report as CSV: a row per client and currency, then a Total row per currency. */
export const agedReceivablesCsv = (aged: AgedReceivables) =>
  [
    csvFileStart(['Client', 'Currency', 'Invoices', 'Current', '1–30 days', '31–60 days', '61–90 days', '90+ days', 'Total']),
    ...aged.clients.map((client) =>
      csvLine([client.clientName, client.currencyCode, client.invoiceCount, ...AGING_COLUMNS.map((column) => client[column])]),
    ),
    ...aged.totals.map((total) => csvLine(['Total', total.currencyCode, '', ...AGING_COLUMNS.map((column) => total[column])])),
  ].join('');
