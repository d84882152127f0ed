import { defineRoute } from '../common/route-contract.ts';
import { agedReceivablesQuerySchema, agedReceivablesSchema } from './invoice.schemas.ts';

/** The aged receivables view's call (IsDownlodCsv=true answers text/csv), apart from the invoice list's. */
export const agedReceivablesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/invoice/get-aged-receivables',
  query: agedReceivablesQuerySchema,
  response: agedReceivablesSchema,
});
