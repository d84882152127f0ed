import { z } from 'zod';
import { isoDate } from '../common/fields.ts';
import { TRUST_REQUEST_STATUSES } from '../trust/trust-request.schemas.ts';

/*
 * The client's money in the portal (issue 19): the trust requests to pay, the statement of account
 * and the overview's balances. Money is exact decimal text throughout.
 */

/** GET /api/client-portal/get-trust-requests: a trust request the firm sent the client (never a draft or an unsent one). */
export const portalTrustRequestSchema = z.object({
  id: z.string(),
  requestNumber: z.string(),
  status: z.enum(TRUST_REQUEST_STATUSES),
  statusLabel: z.string(),
  matterId: z.string().nullable(),
  matterName: z.string().nullable(),
  currencySymbol: z.string(),
  amount: z.string(),
  paidAmount: z.string(),
  /** What is still to pay (0.00 once paid). */
  balanceDue: z.string(),
  dueDate: z.string(),
  note: z.string(),
  /** Where to pay: the trust account's bank and the firm's instructions. */
  bank: z.object({
    accountName: z.string(),
    bankName: z.string(),
    accountNumberMasked: z.string(),
    paymentInstructions: z.string(),
  }),
  /** What to quote on the transfer: the request's number. */
  reference: z.string(),
});
export type PortalTrustRequest = z.infer<typeof portalTrustRequestSchema>;

/** An amount in one currency (the overview's balances). */
export const currencyAmountSchema = z.object({ currencyCode: z.string(), currencySymbol: z.string(), amount: z.string() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** GET /api/client-portal/get-statement: optional period (ISO dates); all of the client's history by default. */
export const portalStatementQuerySchema = z
  .object({
    FromDate: isoDate('From date').optional(),
    ToDate: isoDate('To date').optional(),
  })
  .refine((query) => !query.FromDate || !query.ToDate || query.FromDate <= query.ToDate, {
    error: 'From date must not be after to date',
    path: ['FromDate'],
  });
export type PortalStatementQuery = z.infer<typeof portalStatementQuerySchema>;

/** The two balances a client statement keeps apart: what the client owes the firm, and what the firm holds for them in trust. */
export const statementBalancesSchema = z.object({ owed: z.string(), heldInTrust: z.string() });

/**
 * One dated line: it moves either what is owed on invoices (account "invoices": + invoiced, − paid,
 * written off or void) or the money held in trust (account "trust": + in, − out), never both; each
 * line carries both running balances after it.
 */
export const accountStatementLineSchema = z.object({
  date: z.string(),
  account: z.enum(['invoices', 'trust']),
  description: z.string(),
  /** The invoice, receipt or trust movement number. */
  reference: z.string().nullable(),
  matterName: z.string().nullable(),
  /** Signed: + increases the account's balance, − decreases it. */
  amount: z.string(),
  owedAfter: z.string(),
  heldInTrustAfter: z.string(),
});
export type AccountStatementLine = z.infer<typeof accountStatementLineSchema>;

/** One currency's part of the statement (invoices and trust money in other currencies are never added up). */
export const statementSectionSchema = z.object({
  currencyCode: z.string(),
  currencySymbol: z.string(),
  opening: statementBalancesSchema,
  lines: z.array(accountStatementLineSchema),
  closing: statementBalancesSchema,
});
export type StatementSection = z.infer<typeof statementSectionSchema>;

export const portalStatementSchema = z.object({
  clientName: z.string(),
  firmName: z.string(),
  fromDate: z.string().nullable(),
  /** The statement's last day: the given to date, else the firm's today. */
  toDate: z.string(),
  sections: z.array(statementSectionSchema),
});
export type PortalStatement = z.infer<typeof portalStatementSchema>;
