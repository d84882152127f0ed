import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

// Apart from the plan's other schemas: the dashboard's card loads this call alone.

export const missedInstalmentSchema = z.object({
  invoiceId: z.uuid().describe('The invoice with a missed instalment.'),
  invoiceNumber: z.string().nullable().describe('Its number.'),
  clientName: z.string().describe('The client billed.'),
  currencySymbol: z.string().describe('The invoice’s currency symbol.'),
  dueDate: z.string().describe('The earliest missed instalment’s due date.'),
  missedCount: z.number().int().describe('How many of its instalments are missed.'),
  overdueAmount: z.string().describe('What the missed instalments still ask for.'),
});
export type MissedInstalment = z.infer<typeof missedInstalmentSchema>;

export const missedInstalmentsSchema = z.object({
  totalCount: z.number().int().describe('How many invoices have a missed instalment.'),
  invoices: z.array(missedInstalmentSchema).describe('The invoices with the oldest missed instalment first, at most 10.'),
});
export type MissedInstalments = z.infer<typeof missedInstalmentsSchema>;

export const missedInstalmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/payment-plans/get-missed-instalments',
  response: missedInstalmentsSchema,
});
