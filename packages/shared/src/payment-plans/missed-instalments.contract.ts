import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

// Apart from the plan's other schemas: the dashboard's card loads this call alone.

export const missedInstalmentSchema = z.object({
  planId: z.uuid().describe('The live plan with a missed instalment.'),
  kind: z.enum(['invoice', 'clientBalance']).describe('invoice: a plan on one invoice; clientBalance: a plan on a client’s open invoices.'),
  invoiceId: z.uuid().nullable().describe('The invoice of an invoice plan; null for a plan on a client’s balance.'),
  invoiceNumber: z.string().nullable().describe('Its number; null for a plan on a client’s balance.'),
  clientId: z.uuid().describe('The client billed (whose page shows a plan on their balance).'),
  clientName: z.string().describe('The client billed.'),
  invoiceCount: z.number().int().describe('How many invoices the plan covers (1 for an invoice plan).'),
  currencySymbol: z.string().describe('The plan’s currency symbol.'),
  dueDate: z.string().describe('The earliest missed instalment’s due date.'),
  missedCount: z.number().int().describe('How many of its instalments are missed.'),
  overdueAmount: z.string().describe('What the missed instalments still ask for.'),
});
export type MissedInstalment = z.infer<typeof missedInstalmentSchema>;

export const missedInstalmentsSchema = z.object({
  totalCount: z.number().int().describe('How many live plans have a missed instalment.'),
  invoices: z
    .array(missedInstalmentSchema)
    .describe('One row per plan with a missed instalment (an invoice’s, or a client’s balance’s), the oldest missed first, at most 10.'),
});
export type MissedInstalments = z.infer<typeof missedInstalmentsSchema>;

export const missedInstalmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/payment-plans/get-missed-instalments',
  response: missedInstalmentsSchema,
});
