import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  ADMINISTRATOR,
  clientLedgerQuerySchema,
  clientListQuerySchema,
  flatFeeListQuerySchema,
  invoiceListQuerySchema,
  matterListQuerySchema,
  timeEntryListQuerySchema,
  trustBalanceQuerySchema,
} from '@matterhorn/shared';
import { defaultDatabasePoolSize } from '../apps/api/src/config.ts';
import { startJsonAnswerServer } from './json-answer-server.ts';
import type { Database, Db, Tx } from '../apps/api/src/db/database.ts';
import { PreparingClient } from '../apps/api/src/db/preparing-client.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { createClientListService } from '../apps/api/src/modules/clients/client-list.service.ts';
import { createFlatFeeService } from '../apps/api/src/modules/flat-fees/flat-fees.service.ts';
import { createInvoiceService } from '../apps/api/src/modules/invoices/invoices.service.ts';
import { createMatterListService } from '../apps/api/src/modules/matters/matter-list.service.ts';
import { createTimeEntryListService } from '../apps/api/src/modules/time-entries/time-entry-list.service.ts';
import { createTrustService } from '../apps/api/src/modules/trust/trust.service.ts';
import type { FirmPrincipal } from '../apps/api/src/plugins/route-access.ts';
import { STATEMENT_PATH } from './statement-paths.ts';

/**
 * Issue 34's yardstick for every list: "the page's statement alone on a pooled connection with the
 * scope already set", the physical limit of the list's SQL. Each pooled connection starts as the
 * app role in the firm (its startup options); a request then runs the route's own service call
 * (the same function the route calls, so no SQL is copied) with a Database whose withFirm runs it
 * straight on the pool: no session check, no permission check, no Fastify, no begin, no scope
 * statement, no commit. For a list of one statement (ADR 13) that is that statement and its rows'
 * mapping; a list that needs more statements (the trust ledger) runs all of them, one after another.
 *
 * The paths are the API's own: `GET /api/admin/time-entry?…` here answers what the route answers.
 */
export type StatementSpec = { kind: 'statements'; databaseUrl: string; firmId: string; userId: string };

type Call = (principal: FirmPrincipal, query: Record<string, string>) => Promise<unknown>;

function callsOf(database: Database): Record<(typeof STATEMENT_PATH)[keyof typeof STATEMENT_PATH], Call> {
  const timeEntries = createTimeEntryListService(database);
  const trust = createTrustService(database);
  const invoices = createInvoiceService(database, { onSend: () => Promise.resolve() });
  const flatFees = createFlatFeeService(database);
  const clients = createClientListService(database);
  const matters = createMatterListService(database);
  return {
    [STATEMENT_PATH.timeEntries]: (principal, query) => timeEntries.page(principal, timeEntryListQuerySchema.parse(query)),
    [STATEMENT_PATH.timeEntryTotals]: (principal, query) => timeEntries.totals(principal, timeEntryListQuerySchema.parse(query)),
    [STATEMENT_PATH.trustLedger]: (principal, query) => trust.ledger(principal, clientLedgerQuerySchema.parse(query)),
    [STATEMENT_PATH.trustBalance]: (principal, query) => {
      const parsed = trustBalanceQuerySchema.parse(query);
      return trust.balance(principal, parsed.ClientId, parsed.MatterId ?? null);
    },
    [STATEMENT_PATH.invoices]: (principal, query) => invoices.page(principal, invoiceListQuerySchema.parse(query)),
    [STATEMENT_PATH.flatFees]: (principal, query) => flatFees.page(principal, flatFeeListQuerySchema.parse(query)),
    [STATEMENT_PATH.clients]: (principal, query) => clients.page(principal, clientListQuerySchema.parse(query)),
    [STATEMENT_PATH.matters]: (principal, query) => matters.page(principal, matterListQuerySchema.parse(query)),
  };
}

export async function startStatements(spec: StatementSpec) {
  const preparedStatements = process.env.DATABASE_PREPARED_STATEMENTS === 'true';
  if (!/^[0-9a-f-]{36}$/.test(spec.firmId)) throw new Error(`not a firm id: ${spec.firmId}`);
  // The scope is the session's from its start (startup options): no statement sets it, ever.
  const options = [
    `-c role=matterhorn_app`,
    `-c app.firm_id=${spec.firmId}`,
    ...(preparedStatements ? ['-c plan_cache_mode=force_custom_plan'] : []),
  ];
  const pool = new pg.Pool({
    connectionString: spec.databaseUrl,
    max: defaultDatabasePoolSize(),
    idleTimeoutMillis: 0,
    options: options.join(' '),
    ...(preparedStatements ? { Client: PreparingClient } : {}),
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'postgres',
    db,
    // The scope is the connection's already: the service's statements run as they are, outside any transaction.
    withFirm: (_firmId, fn) => fn(db as unknown as Tx),
    withFirmFromReplica: (_firmId, fn) => fn(db as unknown as Tx),
    withIdentityLookup: () => Promise.reject(new Error('the statement server reads one firm only')),
    openRequest: () => Promise.reject(new Error('the statement server reads services, not requests')),
    migrate: () => Promise.resolve(),
    close: () => pool.end(),
  };
  const principal: FirmPrincipal = {
    kind: 'firm',
    sessionId: 'bench',
    firmId: spec.firmId,
    userId: spec.userId,
    adminUserId: spec.userId,
    permissions: [ADMINISTRATOR],
    isVerified: true,
  };
  const calls = callsOf(database);

  return startJsonAnswerServer(
    'Statement alone',
    async (request) => {
      const url = new URL(request.url ?? '/', 'http://bench');
      const call = (calls as Record<string, Call | undefined>)[url.pathname];
      return call ? call(principal, Object.fromEntries(url.searchParams)) : undefined;
    },
    () => pool.end(),
  );
}
