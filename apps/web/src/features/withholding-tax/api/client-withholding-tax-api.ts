import { clientWithholdingTaxContracts as contracts, type ClientWithholdingTax, type ClientWithholdingTaxInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Withholding tax's queries (ADR 0093). A client's treatment lives here, apart: the client's overview loads only this. */
export const withholdingTaxKeys = {
  all: ['withholding-tax'] as const,
  settings: () => ['withholding-tax', 'settings'] as const,
  client: (clientId: string) => ['withholding-tax', 'client', clientId] as const,
  schedule: (fromDate: string, toDate: string) => ['withholding-tax', 'schedule', fromDate, toDate] as const,
  outstanding: () => ['withholding-tax', 'outstanding'] as const,
};

export const clientWithholdingTaxQuery = (clientId: string) =>
  queryOptions({
    queryKey: withholdingTaxKeys.client(clientId),
    queryFn: async (): Promise<ClientWithholdingTax> =>
      (await callContract(contracts.client, { params: { clientId } }, { auth: 'firm', silent: true })).data,
  });

export async function updateClientWithholdingTax(clientId: string, body: ClientWithholdingTaxInput): Promise<ClientWithholdingTax> {
  return (await callContract(contracts.updateClient, { params: { clientId }, body }, { auth: 'firm', toastSuccess: true })).data;
}
