import { matterBudgetRoute, matterBudgetSaveRoute, type MatterBudget, type MatterBudgetInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** GET get-matter-budget: the budget (or none), what is used and the share of each limit. Under ['matters'], so a matter's refresh reloads it. */
export const matterBudgetQuery = (matterId: string) =>
  queryOptions({
    queryKey: ['matters', 'budget', matterId],
    queryFn: async (): Promise<MatterBudget> =>
      (await callContract(matterBudgetRoute, { query: { matterid: matterId } }, { auth: 'firm' })).data,
    enabled: matterId !== '',
  });

/** PUT save-matter-budget/{id}: all limits empty removes the budget. */
export async function saveMatterBudget(matterId: string, body: MatterBudgetInput): Promise<MatterBudget> {
  return (await callContract(matterBudgetSaveRoute, { params: { id: matterId }, body }, { auth: 'firm', toastSuccess: true })).data;
}
