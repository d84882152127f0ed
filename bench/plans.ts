import { clientListQuerySchema, matterListQuerySchema, runConflictCheckSchema } from '@matterhorn/shared';
import { createClientListService } from '../apps/api/src/modules/clients/client-list.service.ts';
import { createConflictChecksService } from '../apps/api/src/modules/conflict-checks/conflict-checks.service.ts';
import { createMatterListService } from '../apps/api/src/modules/matters/matter-list.service.ts';
import { BENCH_SEARCH, ISSUE3_GENERATE_OPTIONS } from './generate.ts';
import { explainShapes, runMain, type Shape } from './plans-shared.ts';

/**
 * `npm run plans -w bench`: the plans of issue 3's lists and conflict check at the issue3 scale, on
 * PostgreSQL, from the services' own statements (see plans-shared.ts): the bench's scenarios, and
 * each list's CSV export.
 */

type Facts = { firmId: string; adminId: string; feeEarnerId: string };

function shapes(facts: Facts): Shape[] {
  const clientPages: [string, Record<string, string>][] = [
    ['first page', {}],
    [`"${BENCH_SEARCH.clientName}"`, { GeneralSearchText: BENCH_SEARCH.clientName }],
    ['active companies', { ClientType: 'company', Status: 'active' }],
    ['by name', { sortColumn: 'name', sortType: 'asc' }],
  ];
  const matterPages: [string, Record<string, string>][] = [
    ['first page', {}],
    [`"${BENCH_SEARCH.matterName}"`, { GeneralSearchText: BENCH_SEARCH.matterName }],
    ['open hourly', { Status: 'Open', MatterRate: 'Hourly' }],
    ['one fee earner', { AssignedUserId: facts.feeEarnerId }],
    ['by client name', { sortColumn: 'clientName', sortType: 'asc' }],
  ];
  const page = { page: '1', size: '20' };
  return [
    ...clientPages.map(([label, params]): Shape => ({
      name: `clients: ${label}`,
      run: (database, principal) => createClientListService(database).page(principal, clientListQuerySchema.parse({ ...page, ...params })),
    })),
    ...matterPages.map(([label, params]): Shape => ({
      name: `matters: ${label}`,
      run: (database, principal) => createMatterListService(database).page(principal, matterListQuerySchema.parse({ ...page, ...params })),
    })),
    {
      name: 'matters CSV: one fee earner',
      run: async (database, principal) => {
        const query = matterListQuerySchema.parse({ ...page, IsDownlodCsv: 'true', AssignedUserId: facts.feeEarnerId });
        for await (const _chunk of await createMatterListService(database).csv(principal, query));
      },
    },
    {
      name: 'conflict check: one misspelt name',
      run: (database, principal) =>
        createConflictChecksService(database).run(
          principal,
          runConflictCheckSchema.parse({ names: [BENCH_SEARCH.conflictName], context: 'standalone' }),
        ),
    },
  ];
}

runMain(() =>
  explainShapes<Facts>({
    database: 'matterhorn_bench_plans',
    generate: ISSUE3_GENERATE_OPTIONS,
    facts: `select u.firm_id as "firmId", u.id as "feeEarnerId",
        (select id from users a where a.firm_id = u.firm_id and a.email like 'admin@%') as "adminId"
      from users u where u.email = 'feeearner@firm0.bench.law'`,
    shapes,
  }),
);
