import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

// Apart from the plan's other schemas: the dashboard's card loads this call alone.

export const missedInstalmentSchema = z.object({
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  clientName: z.string(),
  currencySymbol: z.string(),
  dueDate: z.string().describe('The earliest missed instalment’s due date.'),
  missedCount: z.number().int(),
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
