import { z } from 'zod';
import { GATEWAY_PAYMENT_STATUSES } from '../client-portal/portal-payments.schemas.ts';
import { isoDate, moneyText } from '../common/fields.ts';
import { isMoneyText, toCents } from '../common/money.ts';
import { PAYMENT_PLAN_LIMITS } from './payment-plan-rules.ts';

/** Payment plans (issue 44 §4, ADR 0074): an issued invoice's balance in instalments with due dates. */
export const PAYMENT_PLAN_MESSAGES = {
  created: 'Payment plan set up',
  replaced: 'Payment plan replaced',
  cancelled: 'Payment plan cancelled',
  notOpen: 'A payment plan needs an issued invoice with a balance due (not a draft, a void or a paid invoice)',
  alreadyLive: 'This invoice already has a payment plan: replace it or cancel it first',
  inClientPlan: 'This invoice is in a payment plan on the client’s balance: change that plan on the client’s page',
  clientAlreadyLive: 'This client already has a payment plan on their balance: replace it or cancel it first',
  clientNoLivePlan: 'This client has no payment plan on their balance to replace or cancel',
  invoiceInLivePlan: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} is already in a payment plan: cancel that plan or untick the invoice`,
  invoiceGone: 'A ticked invoice is no longer an open invoice of this client: reload the list',
  invoiceNotCoverable: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} cannot be in this plan: it must be the client’s, issued with a balance due, in the plan’s currency`,
  noLivePlan: 'This invoice has no payment plan to replace or cancel',
  tooFew: `A payment plan has at least ${PAYMENT_PLAN_LIMITS.minInstalments} instalments`,
  tooMany: `A payment plan has at most ${PAYMENT_PLAN_LIMITS.maxInstalments} instalments`,
  zeroAmount: (number: number) => `Instalment ${number} must be more than 0.00`,
} as const;

/** An amount its own field refused keeps its message and is left as sent (text or a number): nothing to compare. */
const isReadAmount = (amount: unknown): amount is string => typeof amount === 'string' && isMoneyText(amount);

export const instalmentInputSchema = z.strictObject({
  dueDate: isoDate('Due date').describe('When the instalment falls due (YYYY-MM-DD): after the one before, not before today.'),
  amount: moneyText('Amount').describe('The instalment’s amount in the invoice’s currency, at most 2 decimals, more than 0.'),
});

export const paymentPlanInputSchema = z
  .strictObject({
    instalments: z
      .array(instalmentInputSchema, { error: 'Add the instalments' })
      .min(PAYMENT_PLAN_LIMITS.minInstalments, PAYMENT_PLAN_MESSAGES.tooFew)
      .max(PAYMENT_PLAN_LIMITS.maxInstalments, PAYMENT_PLAN_MESSAGES.tooMany)
      .describe('The instalments in due order: 2 to 60, adding up to the invoice’s balance due exactly.'),
  })
  .superRefine((plan, context) => {
    plan.instalments.forEach((instalment, index) => {
      if (isReadAmount(instalment.amount) && toCents(instalment.amount) <= 0n)
        context.addIssue({ code: 'custom', path: ['instalments', index, 'amount'], message: PAYMENT_PLAN_MESSAGES.zeroAmount(index + 1) });
    });
  });
export type PaymentPlanInput = z.infer<typeof paymentPlanInputSchema>;

export const instalmentStateSchema = z.enum(['paid', 'partlyPaid', 'due', 'missed']);

export const instalmentSchema = z.object({
  number: z.number().int().describe('1 for the first instalment due.'),
  dueDate: z.string().describe('When it falls due (YYYY-MM-DD).'),
  amount: z.string().describe('The instalment’s amount (exact decimal text).'),
  paidAmount: z.string().describe('What the invoice’s payments have paid of it, applied to the instalments in due order.'),
  remainingAmount: z.string().describe('What is still to pay on it.'),
  state: instalmentStateSchema.describe('paid, partlyPaid, due, or missed (its due date passed and it is not fully paid).'),
});
export type Instalment = z.infer<typeof instalmentSchema>;

export const paymentPlanStatusSchema = z.enum(['Active', 'Replaced', 'Cancelled']);

export const paymentPlanSchema = z.object({
  id: z.uuid().describe('The plan’s id.'),
  status: paymentPlanStatusSchema.describe('Active (the live plan), Replaced by a newer plan, or Cancelled.'),
  total: z.string().describe('What the instalments add up to: the invoice’s balance due when the plan was set up.'),
  coveredAmount: z.string().describe('What came off the invoice’s balance since the plan was set up (payments, credits, write-offs).'),
  createdAt: z.string().describe('When it was set up (ISO 8601).'),
  createdByName: z.string().describe('Who set it up.'),
  endedAt: z.string().nullable().describe('When it was replaced or cancelled; null while it is live.'),
  endedByName: z.string().nullable().describe('Who replaced or cancelled it; null while it is live.'),
  instalments: z.array(instalmentSchema).describe('Its instalments in due order, each with what is paid of it.'),
  nextInstalment: instalmentSchema.nullable().describe('The first instalment not fully paid: what a payment goes to next.'),
  missedCount: z.number().int().describe('How many instalments are missed.'),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** The card the client let the firm charge for the plan's instalments (issue 44 §4): charged on each due date. */
export const automaticPaymentSchema = z.object({
  description: z.string().describe('The saved card, as named: "Visa ending 4081".'),
  consentedAt: z.string().describe('When the client agreed on the portal that it be charged (ISO 8601, UTC).'),
});

export const automaticChargeSchema = z.object({
  instalmentNumber: z.number().int().describe('The instalment charged (1 for the first).'),
  attemptedAt: z.string().describe('When the card was charged (ISO 8601, UTC).'),
  amount: z.string().describe('The amount charged, exact decimal text in the invoice’s currency.'),
  cardDescription: z.string().describe('The card charged, as named: "Visa ending 4081".'),
  status: z
    .enum(GATEWAY_PAYMENT_STATUSES)
    .describe(
      'pending: the gateway has not answered yet; succeeded: paid and recorded; failed: declined (the instalment stays due); refused: taken but refused by us.',
    ),
  failureReason: z.string().nullable().describe('Why it failed, in the gateway’s words; null otherwise.'),
});
export type AutomaticCharge = z.infer<typeof automaticChargeSchema>;

export const invoicePaymentPlansSchema = z.object({
  invoiceId: z.uuid().describe('The invoice.'),
  invoiceNumber: z.string().nullable().describe('Its number; null for a draft.'),
  currencyCode: z.string().describe('The invoice’s currency (ISO 4217).'),
  currencySymbol: z.string().describe('The invoice’s currency symbol.'),
  balanceDue: z.string().describe('The invoice’s balance due now.'),
  today: z.string().describe('The firm’s date today: no instalment may fall due before it.'),
  canHavePlan: z.boolean().describe('True when the invoice is issued with a balance due (sent, partly paid or overdue).'),
  plan: paymentPlanSchema.nullable().describe('The live plan, or null.'),
  history: z.array(paymentPlanSchema).describe('Plans replaced or cancelled, newest first.'),
  automaticPayment: automaticPaymentSchema
    .nullable()
    .describe('The card the client let the firm charge on each due date (given on the portal); null when none.'),
  clientPlan: z
    .object({
      clientId: z.uuid().describe('The client whose balance the plan covers: their page shows it.'),
      clientName: z.string().describe('The client’s name.'),
      invoiceCount: z.number().int().describe('How many invoices the plan covers.'),
    })
    .nullable()
    .describe('The live plan on the client’s balance this invoice is in (then it cannot have a plan of its own); null when none.'),
  automaticCharges: z
    .array(automaticChargeSchema)
    .describe('Every charge of a saved card for this invoice’s plans, newest first: each try and what the gateway answered.'),
});
export type InvoicePaymentPlans = z.infer<typeof invoicePaymentPlansSchema>;

/** What a client sees of the live plan: on the portal's invoice and the public invoice page. */
export const clientPaymentPlanSchema = z.object({
  total: z.string().describe('What the instalments add up to.'),
  instalments: z.array(instalmentSchema).describe('The instalments in due order, each with what is paid of it.'),
  nextInstalment: instalmentSchema.nullable().describe('The next instalment due: its remainder is the amount proposed to pay online.'),
  kind: z
    .enum(['invoice', 'clientBalance'])
    .describe('invoice: a plan on this invoice alone; clientBalance: a plan on several of the client’s invoices.'),
  invoiceNumbers: z.array(z.string()).describe('The invoices the plan covers, oldest first (this one alone for an invoice plan).'),
  payFirstInvoiceNumber: z
    .string()
    .nullable()
    .describe('The plan’s oldest invoice still owing: pay it first (a plan on a client’s balance); null when none is owing.'),
  automaticPayment: automaticPaymentSchema
    .nullable()
    .describe('The card the client let the firm charge on each due date; null when none (each instalment is paid by hand).'),
});
export type ClientPaymentPlan = z.infer<typeof clientPaymentPlanSchema>;

/** Setting up (or replacing) a plan on a client's balance (ADR 0077): which open invoices, in one currency, and the instalments. */
export const clientPaymentPlanInputSchema = z
  .strictObject({
    currencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Choose a currency')
      .describe('The currency of the invoices the plan covers (ISO 4217): a plan never mixes currencies.'),
    invoiceIds: z
      .array(z.uuid())
      .min(1, 'Tick at least one invoice')
      .max(200, 'A plan covers at most 200 invoices')
      .describe('The client’s open invoices in that currency the plan covers; their balances now add up to the plan’s total.'),
    instalments: z
      .array(instalmentInputSchema, { error: 'Add the instalments' })
      .min(PAYMENT_PLAN_LIMITS.minInstalments, PAYMENT_PLAN_MESSAGES.tooFew)
      .max(PAYMENT_PLAN_LIMITS.maxInstalments, PAYMENT_PLAN_MESSAGES.tooMany)
      .describe('The instalments in due order: 2 to 60, adding up to the ticked invoices’ balances exactly.'),
  })
  .superRefine((plan, context) => {
    plan.instalments.forEach((instalment, index) => {
      if (isReadAmount(instalment.amount) && toCents(instalment.amount) <= 0n)
        context.addIssue({ code: 'custom', path: ['instalments', index, 'amount'], message: PAYMENT_PLAN_MESSAGES.zeroAmount(index + 1) });
    });
  });
export type ClientPaymentPlanInput = z.infer<typeof clientPaymentPlanInputSchema>;

export const planInvoiceSchema = z.object({
  invoiceId: z.uuid().describe('The invoice.'),
  invoiceNumber: z.string().describe('Its number.'),
  issueDate: z.string().describe('When it was issued (YYYY-MM-DD).'),
  balanceDue: z.string().describe('Its balance due now.'),
});

export const clientBalancePlanSchema = paymentPlanSchema.extend({
  currencyCode: z.string().describe('The plan’s currency (ISO 4217): that of every invoice it covers.'),
  currencySymbol: z.string().describe('The plan’s currency symbol.'),
  balanceDue: z.string().describe('What the plan’s invoices still owe now.'),
  invoices: z.array(planInvoiceSchema).describe('The invoices the plan covers, oldest first.'),
});
export type ClientBalancePlan = z.infer<typeof clientBalancePlanSchema>;

export const coverableInvoiceSchema = planInvoiceSchema.extend({
  currencyCode: z.string().describe('The invoice’s currency (ISO 4217).'),
  currencySymbol: z.string().describe('The invoice’s currency symbol.'),
  livePlan: z
    .enum(['invoice', 'clientBalance'])
    .nullable()
    .describe('The kind of live plan the invoice is already in (it cannot join another); null when none.'),
});
export type CoverableInvoice = z.infer<typeof coverableInvoiceSchema>;

export const clientPaymentPlansSchema = z.object({
  clientId: z.uuid().describe('The client.'),
  clientName: z.string().describe('The client’s name.'),
  today: z.string().describe('The firm’s date today: no instalment may fall due before it.'),
  plan: clientBalancePlanSchema.nullable().describe('The live plan on the client’s balance, or null.'),
  history: z.array(clientBalancePlanSchema).describe('Plans on the client’s balance replaced or cancelled, newest first.'),
  openInvoices: z
    .array(coverableInvoiceSchema)
    .describe('The client’s issued invoices with a balance due (approved, sent, partly paid), oldest first: those a plan could cover.'),
});
export type ClientPaymentPlans = z.infer<typeof clientPaymentPlansSchema>;
