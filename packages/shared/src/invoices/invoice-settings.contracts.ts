import { defineRoute } from '../common/route-contract.ts';
import { invoiceSettingsInputSchema, invoiceSettingsSchema } from './invoice.schemas.ts';

/** The invoice settings: the invoice form reads them, the settings page reads and saves them. */
export const invoiceSettingsViewRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/invoice/get-invoice-settings',
  response: invoiceSettingsSchema,
});

export const invoiceSettingsUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/invoice/update-invoice-settings',
  body: invoiceSettingsInputSchema,
  response: invoiceSettingsSchema,
});
