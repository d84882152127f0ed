import { invoiceSettingsUpdateRoute, invoiceSettingsViewRoute, type InvoiceSettings, type InvoiceSettingsInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { invoiceKeys } from './invoice-list-api.ts';

/** The firm's invoice settings (the invoice form reads them too); null when the call failed. */
export async function getInvoiceSettings(): Promise<InvoiceSettings | null> {
  try {
    return (await callContract(invoiceSettingsViewRoute, {}, { auth: 'firm', silent: true })).data;
  } catch {
    return null;
  }
}

export const invoiceSettingsQuery = queryOptions({ queryKey: invoiceKeys.settings(), queryFn: getInvoiceSettings });

export async function updateInvoiceSettings(body: InvoiceSettingsInput): Promise<InvoiceSettings> {
  return (await callContract(invoiceSettingsUpdateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;
}
