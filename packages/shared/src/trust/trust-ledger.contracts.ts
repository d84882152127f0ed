import { defineRoute } from '../common/route-contract.ts';
import { clientLedgerQuerySchema, clientLedgerSchema, trustBalanceQuerySchema, trustBalanceSchema } from './trust.schemas.ts';

const base = '/api/admin/trust-account';

/**
 * The client's and the matter's Trust tab calls, apart from the trust module's other contracts:
 * those tabs are on pages with little room left in their budgets (ADR 40).
 */
export const trustClientLedgerRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-client-ledger`,
  query: clientLedgerQuerySchema,
  response: clientLedgerSchema,
});

export const trustBalanceRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-balance`,
  query: trustBalanceQuerySchema,
  response: trustBalanceSchema,
});

/** GET: a client's (or matter's) trust statement as a PDF (no envelope, so no contract): ClientId, MatterId, FromDate, ToDate. */
export const trustStatementPath = `${base}/download-trust-statement`;

export const trustLedgerContracts = {
  clientLedger: trustClientLedgerRoute,
  balance: trustBalanceRoute,
};
