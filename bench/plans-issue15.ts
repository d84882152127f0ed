import { invoiceListQuerySchema } from '@matterhorn/shared';
import { createInvoiceListService } from '../apps/api/src/modules/invoices/invoice-list.service.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import { BENCH_SEARCH, ISSUE15_GENERATE_OPTIONS } from './generate.ts';
import { explainShapes, runMain, type Shape } from './plans-shared.ts';

/**
 * `npm run plans:issue15 -w bench`: the plans of the invoice list's statements at the issue15
 * scale, on PostgreSQL, from the list service's own calls (see plans-shared.ts): issue 15's pages,
 * the totals, and the CSV export.
 */

type Facts = { firmId: string; adminId: string; busiestClientId: string };

function shapes(facts: Facts): Shape[] {
  const query = (params: Record<string, string>) => invoiceListQuerySchema.parse({ page: '1', size: '20', ...params });
  const newest = { sortColumn: 'createdAt', sortType: 'desc' };
  const pages: [string, Record<string, string>][] = [
    ['All tab, newest first', newest],
    ['All tab, issue date', {}],
    ['Sent tab', { ...newest, Status: 'Sent' }],
    ['Overdue tab', { ...newest, IsOverdue: 'true' }],
    [`searched "${BENCH_SEARCH.clientName}"`, { ...newest, GeneralSearchText: BENCH_SEARCH.clientName }],
    ['one client', { ...newest, ClientId: facts.busiestClientId }],
    ['All tab with totals', { ...newest, IncludeTotals: 'true' }],
  ];
  return [
    ...pages.map(([label, params]): Shape => ({
      name: `page: ${label}`,
      run: (database, principal) => list(database).page(principal, query(params)),
    })),
    {
      name: 'CSV: Overdue tab',
      run: async (database, principal) => {
        const stream = await list(database).csv(principal, query({ ...newest, IsOverdue: 'true' }));
        for await (const _chunk of stream);
      },
    },
  ];
}

const list = (database: Database) => createInvoiceListService(database);

runMain(() =>
  explainShapes<Facts>({
    database: 'matterhorn_bench_plans15',
    generate: ISSUE15_GENERATE_OPTIONS,
    facts: `select u.firm_id as "firmId", u.id as "adminId",
        (select client_id from invoices i where i.firm_id = u.firm_id and i.deleted_at is null
          group by client_id order by count(*) desc, client_id limit 1) as "busiestClientId"
      from users u where u.email = 'admin@firm0.bench.law'`,
    shapes,
  }),
);
