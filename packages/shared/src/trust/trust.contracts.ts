import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  clearDepositSchema,
  createTrustAccountSchema,
  depositSchema,
  disburseSchema,
  payInvoiceFromTrustSchema,
  refundSchema,
  rejectTrustMovementSchema,
  reverseTrustTransactionSchema,
  setMatterTrustMinimumSchema,
  transferSchema,
  trustAccountLedgersQuerySchema,
  trustAccountSchema,
  trustLedgerPageSchema,
  trustMovementRequestListQuerySchema,
  trustMovementRequestPageSchema,
  trustMovementRequestSchema,
  trustMovementResultSchema,
  trustSettingsSchema,
  trustTransactionListQuerySchema,
  trustTransactionPageSchema,
  trustTransactionRecordSchema,
  trustTransactionSchema,
  trustTransferResultSchema,
  updateTrustAccountSchema,
  updateTrustSettingsSchema,
} from './trust.schemas.ts';
/** SPEC.md §7: the trust module's prefix. */
const base = '/api/admin/trust-account';

// ---- accounts and rules

export const trustAccountCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-trust-account`,
  body: createTrustAccountSchema,
  response: trustAccountSchema,
  status: 201,
});

export const trustAccountUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-trust-account/:id`,
  params: idParamsSchema,
  body: updateTrustAccountSchema,
  response: trustAccountSchema,
});

/** The shell's side navigation reads this path too, without the schema (trust-accounts-nav.ts). */
export const trustAccountListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-accounts`,
  response: z.array(trustAccountSchema),
});

export const trustAccountViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-account/:id`,
  params: idParamsSchema,
  response: trustAccountSchema,
});

export const trustSettingsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-settings`,
  response: trustSettingsSchema,
});

export const trustSettingsUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-trust-settings`,
  body: updateTrustSettingsSchema,
  response: trustSettingsSchema,
});

export const trustMatterMinimumRoute = defineRoute({
  method: 'PUT',
  path: `${base}/set-matter-trust-minimum`,
  body: setMatterTrustMinimumSchema,
  response: z.object({
    matterId: z.string().describe('The matter’s id.'),
    minimumBalance: z.string().nullable().describe('The minimum trust balance now set, an exact decimal string; null: removed.'),
  }),
});

// ---- movements

export const trustDepositRoute = defineRoute({
  method: 'POST',
  path: `${base}/deposit`,
  body: depositSchema,
  response: trustTransactionSchema,
  status: 201,
});

/** 201 when posted; 202 (the same body) when it waits for a second person: the server registers the 202 too. */
export const trustDisburseRoute = defineRoute({
  method: 'POST',
  path: `${base}/disburse`,
  body: disburseSchema,
  response: trustMovementResultSchema,
  status: 201,
});

/** 201 when posted; 202 when it waits for a second person. */
export const trustRefundRoute = defineRoute({
  method: 'POST',
  path: `${base}/refund`,
  body: refundSchema,
  response: trustMovementResultSchema,
  status: 201,
});

/** 201 when posted; 202 when it waits for a second person. */
export const trustPayInvoiceRoute = defineRoute({
  method: 'POST',
  path: `${base}/pay-invoice`,
  body: payInvoiceFromTrustSchema,
  response: trustMovementResultSchema,
  status: 201,
});

export const trustTransferRoute = defineRoute({
  method: 'POST',
  path: `${base}/transfer`,
  body: transferSchema,
  response: trustTransferResultSchema,
  status: 201,
});

export const trustReverseRoute = defineRoute({
  method: 'POST',
  path: `${base}/reverse-transaction/:id`,
  params: idParamsSchema,
  body: reverseTrustTransactionSchema,
  response: trustTransactionSchema,
  status: 201,
});

export const trustClearDepositRoute = defineRoute({
  method: 'POST',
  path: `${base}/clear-deposit/:id`,
  params: idParamsSchema,
  body: clearDepositSchema,
  response: trustTransactionSchema,
});

export const trustApproveMovementRoute = defineRoute({
  method: 'POST',
  path: `${base}/approve-transaction/:id`,
  params: idParamsSchema,
  response: trustMovementResultSchema,
});

export const trustRejectMovementRoute = defineRoute({
  method: 'POST',
  path: `${base}/reject-transaction/:id`,
  params: idParamsSchema,
  body: rejectTrustMovementSchema,
  response: trustMovementRequestSchema,
});

// ---- reads

export const trustPendingMovementsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-pending-transactions`,
  query: trustMovementRequestListQuerySchema,
  response: trustMovementRequestPageSchema,
});

/** IsDownlodCsv=true answers text/csv instead of the page (the server sends the stream itself). */
export const trustTransactionListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-transactions`,
  query: trustTransactionListQuerySchema,
  response: trustTransactionPageSchema,
});

export const trustTransactionViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-transaction/:id`,
  params: idParamsSchema,
  response: trustTransactionRecordSchema,
});

export const trustAccountLedgersRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-account-ledgers`,
  query: trustAccountLedgersQuerySchema,
  response: trustLedgerPageSchema,
});

export const trustContracts = {
  createAccount: trustAccountCreateRoute,
  updateAccount: trustAccountUpdateRoute,
  accounts: trustAccountListRoute,
  account: trustAccountViewRoute,
  settings: trustSettingsRoute,
  updateSettings: trustSettingsUpdateRoute,
  setMatterMinimum: trustMatterMinimumRoute,
  deposit: trustDepositRoute,
  disburse: trustDisburseRoute,
  refund: trustRefundRoute,
  payInvoice: trustPayInvoiceRoute,
  transfer: trustTransferRoute,
  reverse: trustReverseRoute,
  clearDeposit: trustClearDepositRoute,
  approveMovement: trustApproveMovementRoute,
  rejectMovement: trustRejectMovementRoute,
  pendingMovements: trustPendingMovementsRoute,
  transactions: trustTransactionListRoute,
  transaction: trustTransactionViewRoute,
  accountLedgers: trustAccountLedgersRoute,
};
