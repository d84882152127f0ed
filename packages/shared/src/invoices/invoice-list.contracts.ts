import { defineRoute } from '../common/route-contract.ts';
import { invoiceListQuerySchema, invoicePageSchema } from './invoice.schemas.ts';

/**
 * The invoice list's call, apart from the invoice pages' other contracts: a client's and a
 * matter's invoices tab load it alone. IsDownlodCsv=true answers text/csv instead of the page
 * (the server sends the stream itself; the web asks for it with contractUrl).
 */
export const invoiceListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/invoice/get-invoice-list',
  query: invoiceListQuerySchema,
  response: invoicePageSchema,
});
