import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { invoiceSchema } from './invoice.schemas.ts';

/** One invoice, apart from the invoice pages' other contracts: another feature reading an invoice loads it alone. */
export const invoiceViewRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/invoice/get-invoice/:id',
  params: idParamsSchema,
  response: invoiceSchema,
});
