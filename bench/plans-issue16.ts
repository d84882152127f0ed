import { clientLedgerQuerySchema } from '@matterhorn/shared';
import type { Database } from '../apps/api/src/db/database.ts';
import { createTrustService } from '../apps/api/src/modules/trust/trust.service.ts';
import { ISSUE16_GENERATE_OPTIONS } from './generate.ts';
import { explainShapes, runMain, type Shape } from './plans-shared.ts';

/**
 * `npm run plans:issue16 -w bench`: the plans of the trust client ledger's statements at the issue16
 * scale, on PostgreSQL, from the trust service's own calls (see plans-shared.ts): the ledger of
 * 100,000 movements, its first page and a deep page, and its balance. The movements are written by
 * a bench run (issue16.ts): reuse its database with BENCH_PLAN_DB (BENCH_REUSE_DATABASE keeps it).
 */

type Facts = { firmId: string; adminId: string; clientId: string; matterId: string | null };

function shapes(facts: Facts): Shape[] {
  const ledger = { ClientId: facts.clientId, ...(facts.matterId ? { MatterId: facts.matterId } : {}) };
  const page = (number: number) => clientLedgerQuerySchema.parse({ ...ledger, page: String(number), size: '20' });
  return [
    { name: 'ledger: first page', run: (database, principal) => trust(database).ledger(principal, page(1)) },
    { name: 'ledger: page 2', run: (database, principal) => trust(database).ledger(principal, page(2)) },
    { name: 'ledger: page 2,500 (50,000 back)', run: (database, principal) => trust(database).ledger(principal, page(2_500)) },
    { name: 'balance', run: (database, principal) => trust(database).balance(principal, facts.clientId, facts.matterId) },
  ];
}

const trust = (database: Database) => createTrustService(database);

runMain(() =>
  explainShapes<Facts>({
    database: 'matterhorn_bench_plans16',
    generate: ISSUE16_GENERATE_OPTIONS,
    facts: `select a.firm_id as "firmId", u.id as "adminId", l.client_id as "clientId", l.matter_id as "matterId"
      from trust_accounts a
      join trust_ledgers l on l.trust_account_id = a.id
      join users u on u.firm_id = a.firm_id and u.email = 'admin@firm0.bench.law'
      where a.name = 'Bench single-ledger account'`,
    shapes,
  }),
);
