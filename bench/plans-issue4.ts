import { timeEntryListQuerySchema } from '@matterhorn/shared';
import { findTimeEntryPage } from '../apps/api/src/modules/time-entries/time-entry-list.repository.ts';
import { createTimeEntryListService, requestOf } from '../apps/api/src/modules/time-entries/time-entry-list.service.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import { ISSUE4_GENERATE_OPTIONS } from './generate.ts';
import { explainShapes, runMain, type Shape } from './plans-shared.ts';

/**
 * `npm run plans:issue4 -w bench`: the plans of the time-entry list's queries at the issue4 scale,
 * on PostgreSQL, from the list service's own statements (see plans-shared.ts): the page's
 * transaction, the totals, the CSV export, and findTimeEntryPage alone.
 */

type Facts = { firmId: string; adminId: string; feeEarnerId: string; busiestMatterId: string };

function shapes(facts: Facts): Shape[] {
  const query = (params: Record<string, string>) => timeEntryListQuerySchema.parse(params);
  const filters: [string, Record<string, string>][] = [
    ['fee earner, billable', { TimeEntryUserId: facts.feeEarnerId, IsBillable: '4' }],
    ['one matter', { MatterId: facts.busiestMatterId }],
    ['first page', {}],
  ];
  return [
    ...filters.flatMap(([label, params]): Shape[] => [
      {
        name: `findTimeEntryPage: ${label}`,
        run: (database, principal) =>
          database.withFirm(principal.firmId, (tx) =>
            findTimeEntryPage(tx, principal.firmId, requestOf(principal, query(params)), { page: 1, size: 20 }),
          ),
      },
      { name: `list page (service): ${label}`, run: (database, principal) => list(database).page(principal, query(params)) },
      { name: `totals (service): ${label}`, run: (database, principal) => list(database).totals(principal, query(params)) },
    ]),
    {
      name: 'CSV (service): fee earner',
      run: async (database, principal) => {
        const stream = await list(database).csv(principal, query({ IsDownlodCsv: 'true', TimeEntryUserId: facts.feeEarnerId }));
        for await (const _chunk of stream);
      },
    },
  ];
}

const list = (database: Database) => createTimeEntryListService(database);

runMain(() =>
  explainShapes<Facts>({
    database: 'matterhorn_bench_plans4',
    generate: ISSUE4_GENERATE_OPTIONS,
    facts: `select u.firm_id as "firmId", u.id as "feeEarnerId",
        (select id from users a where a.firm_id = u.firm_id and a.email like 'admin@%') as "adminId",
        (select matter_id from time_entries t where t.firm_id = u.firm_id and t.deleted_at is null
          group by matter_id order by count(*) desc, matter_id limit 1) as "busiestMatterId"
      from users u where u.email = 'feeearner@firm0.bench.law'`,
    shapes,
  }),
);
