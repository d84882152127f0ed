import { z } from 'zod';
import { isoDate } from '../common/fields.ts';
import { TRUST_REQUEST_STATUSES } from '../trust/trust-request-statuses.ts';

/*
 * The client's money in the portal (issue 19): the trust requests to pay, the statement of account
 * and the overview's balances. Money is exact decimal text throughout.
 */

/** GET /api/client-portal/get-trust-requests: a trust request the firm sent the client (never a draft or an unsent one). */
export const portalTrustRequestSchema = z.object({
  id: z.string().describe('The trust request’s id.'),
  requestNumber: z.string().describe('The trust request’s number.'),
  status: z
    .enum(TRUST_REQUEST_STATUSES)
    .describe(
      'Sent, PartlyPaid or Paid: drafts, unsent and cancelled requests never reach the client; open ones are listed first, then by due date.',
    ),
  statusLabel: z.string().describe('The status in words, for display.'),
  matterId: z.string().nullable().describe('The matter the money is asked for; null when the request is for no particular matter.'),
  matterName: z.string().nullable().describe('The matter’s name; null when the request is for no particular matter.'),
  currencySymbol: z.string().describe('The trust account’s currency symbol, for display.'),
  amount: z.string().describe('The amount asked, an exact decimal string in the trust account’s currency (e.g. "1250.00").'),
  paidAmount: z.string().describe('What has been paid into trust against it so far, an exact decimal string.'),
  /** What is still to pay (0.00 once paid). */
  balanceDue: z.string().describe('What is still to pay, an exact decimal string ("0.00" once paid).'),
  dueDate: z.string().describe('When the money is due (YYYY-MM-DD).'),
  note: z.string().describe('The firm’s note on what the money is for.'),
  /** Where to pay: the trust account's bank and the firm's instructions. */
  bank: z
    .object({
      accountName: z.string().describe('The trust account’s name at the bank.'),
      bankName: z.string().describe('The bank’s name.'),
      accountNumberMasked: z.string().describe('The account number masked to its last 4 digits (••••1234).'),
      paymentInstructions: z.string().describe('The firm’s instructions for paying into the account, as it wrote them.'),
    })
    .describe('Where to pay: the trust account’s bank and the firm’s instructions.'),
  /** What to quote on the transfer: the request's number. */
  reference: z.string().describe('What to quote on the transfer: the request’s number.'),
});
export type PortalTrustRequest = z.infer<typeof portalTrustRequestSchema>;

/** An amount in one currency (the overview's balances). */
export const currencyAmountSchema = z.object({
  currencyCode: z.string().describe('The ISO 4217 code of the currency.'),
  currencySymbol: z.string().describe('The currency’s symbol, for display.'),
  amount: z.string().describe('The amount, an exact decimal string in that currency (e.g. "1250.00").'),
});
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** GET /api/client-portal/get-statement: optional period (ISO dates); all of the client's history by default. */
export const portalStatementQuerySchema = z
  .object({
    FromDate: isoDate('From date')
      .optional()
      .describe(
        'The statement’s first day (YYYY-MM-DD): earlier movements make up the opening balances; left out, the whole history is listed.',
      ),
    ToDate: isoDate('To date')
      .optional()
      .describe('The statement’s last day (YYYY-MM-DD), not before FromDate; left out, everything recorded so far counts.'),
  })
  .refine((query) => !query.FromDate || !query.ToDate || query.FromDate <= query.ToDate, {
    error: 'From date must not be after to date',
    path: ['FromDate'],
  });
export type PortalStatementQuery = z.infer<typeof portalStatementQuerySchema>;

/** The two balances a client statement keeps apart: what the client owes the firm, and what the firm holds for them in trust. */
export const statementBalancesSchema = z.object({
  owed: z.string().describe('What the client owes on invoices, an exact decimal string in the section’s currency.'),
  heldInTrust: z.string().describe('What the firm holds in trust for the client, an exact decimal string in the section’s currency.'),
});

/**
 * One dated line: it moves either what is owed on invoices (account "invoices": + invoiced, − paid,
 * written off or void) or the money held in trust (account "trust": + in, − out), never both; each
 * line carries both running balances after it.
 */
export const accountStatementLineSchema = z.object({
  date: z.string().describe('The movement’s date (YYYY-MM-DD).'),
  account: z.enum(['invoices', 'trust']).describe('invoices: it moves what is owed on invoices; trust: it moves the money held in trust.'),
  description: z.string().describe('What happened, in the client’s words (Invoice INV-00001, Payment on invoice INV-00001, Deposit…).'),
  /** The invoice, receipt or trust movement number. */
  reference: z.string().nullable().describe('The invoice, receipt or trust movement number; null when there is none.'),
  matterName: z.string().nullable().describe('The matter it concerns; null when it concerns none.'),
  /** Signed: + increases the account's balance, − decreases it. */
  amount: z.string().describe('Signed exact decimal string: + increases the account’s balance, − decreases it.'),
  owedAfter: z.string().describe('What is owed on invoices after this line, an exact decimal string.'),
  heldInTrustAfter: z.string().describe('What is held in trust after this line, an exact decimal string.'),
});
export type AccountStatementLine = z.infer<typeof accountStatementLineSchema>;

/** One currency's part of the statement (invoices and trust money in other currencies are never added up). */
export const statementSectionSchema = z.object({
  currencyCode: z.string().describe('The ISO 4217 code of the section’s currency.'),
  currencySymbol: z.string().describe('The currency’s symbol, for display.'),
  opening: statementBalancesSchema.describe('The balances before the statement’s first day (zero without FromDate).'),
  lines: z.array(accountStatementLineSchema).describe('The period’s movements in this currency, oldest first.'),
  closing: statementBalancesSchema.describe('The balances at the end of the statement’s last day.'),
});
export type StatementSection = z.infer<typeof statementSectionSchema>;

export const portalStatementSchema = z.object({
  clientName: z.string().describe('The client’s name.'),
  firmName: z.string().describe('The firm’s name.'),
  fromDate: z.string().nullable().describe('The statement’s first day (YYYY-MM-DD) as asked; null for the whole history.'),
  /** The statement's last day: the given to date, else the firm's today. */
  toDate: z.string().describe('The statement’s last day (YYYY-MM-DD): the ToDate asked, else the firm’s today.'),
  sections: z
    .array(statementSectionSchema)
    .describe('One section per currency the client has movements in (amounts in different currencies are never added up).'),
});
export type PortalStatement = z.infer<typeof portalStatementSchema>;
