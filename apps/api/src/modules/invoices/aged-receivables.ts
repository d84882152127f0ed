import type { z } from 'zod';
import { addMoney, type AgedReceivables, type agedReceivablesQuerySchema } from '@matterhorn/shared';
import { type Database, READ_ONLY } from '../../db/database.ts';
import { csvLine, type CsvValue } from '../../lib/csv.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findAgedReceivables, findInvoiceSettings } from './invoices.repository.ts';

type AgedQuery = z.output<typeof agedReceivablesQuerySchema>;

/** What clients owed at the end of a day, by days past due: the report, and its CSV. */
export const findAgedReceivablesReport = (database: Database, principal: FirmPrincipal, query: AgedQuery): Promise<AgedReceivables> =>
  database.withFirm(
    principal.firmId,
    async (tx) => {
      const settings = await findInvoiceSettings(tx, principal.firmId);
      const asOf = query.AsOf ?? settings.today;
      const clients = await findAgedReceivables(tx, principal.firmId, asOf, query.ClientId);
      const sum = (key: 'current' | 'days1To30' | 'days31To60' | 'days61To90' | 'days90Plus' | 'total') =>
        addMoney('0', ...clients.map((client) => client[key]));
      return {
        asOf,
        currencySymbol: settings.currencySymbol,
        clients: clients.map((client) => ({ ...client, invoiceCount: Number(client.invoiceCount) })),
        totals: {
          current: sum('current'),
          days1To30: sum('days1To30'),
          days31To60: sum('days31To60'),
          days61To90: sum('days61To90'),
          days90Plus: sum('days90Plus'),
          total: sum('total'),
        },
      };
    },
    READ_ONLY,
  );

// The lists' CSV writer (formula guard included): one line per row.
const csvOf = (rows: CsvValue[][]) => rows.map(csvLine).join('');

export const agedReceivablesCsv = (aged: AgedReceivables) =>
  csvOf([
    ['Client', 'Invoices', 'Current', '1–30 days', '31–60 days', '61–90 days', '90+ days', 'Total'],
    ...aged.clients.map((client) => [
      client.clientName,
      client.invoiceCount,
      client.current,
      client.days1To30,
      client.days31To60,
      client.days61To90,
      client.days90Plus,
      client.total,
    ]),
    [
      'Total',
      '',
      aged.totals.current,
      aged.totals.days1To30,
      aged.totals.days31To60,
      aged.totals.days61To90,
      aged.totals.days90Plus,
      aged.totals.total,
    ],
  ]);
