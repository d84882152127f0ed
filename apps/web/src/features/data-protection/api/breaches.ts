import { breachContracts, type RecordBreachInput } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

export const breachKeys = { all: ['data-protection', 'breaches'] as const };

export const useBreaches = () => useQuery({ queryKey: breachKeys.all, queryFn: () => listContract(breachContracts.list, {}, 'firm') });

export async function recordBreach(body: RecordBreachInput) {
  return (await callContract(breachContracts.record, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function notifyRegulator(id: string, body: { notifiedAt: string; notifiedTo: string }) {
  return (await callContract(breachContracts.notifyRegulator, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function markClientTold(id: string, clientId: string) {
  return (await callContract(breachContracts.clientTold, { params: { id, clientId } }, { auth: 'firm', toastSuccess: true })).data;
}
