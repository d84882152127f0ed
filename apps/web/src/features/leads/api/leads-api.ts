import {
  leadContracts as calls,
  type ContractInput,
  type Lead,
  type LeadBoard,
  type LeadConflictDecisionInput,
  type LeadCreateInput,
  type LeadStatusChange,
  type LeadUpdateInput,
} from '@matterhorn/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export type LeadListQuery = NonNullable<ContractInput<typeof calls.list>['query']>;
export type LeadBoardQuery = NonNullable<ContractInput<typeof calls.board>['query']>;

/** One key factory: a lead's change refreshes its page, the board and the list with one invalidation. */
export const leadKeys = {
  all: () => ['leads'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
  board: (query: LeadBoardQuery) => ['leads', 'board', query] as const,
  lead: (id: string) => ['leads', 'lead', id] as const,
};

export const leadListQuery = (query: LeadListQuery) =>
  queryOptions({
    queryKey: leadKeys.list(query),
    queryFn: async () => (await callContract(calls.list, { query }, { auth: 'firm' })).data,
    placeholderData: (previous) => previous,
  });

export const leadBoardQuery = (query: LeadBoardQuery) =>
  queryOptions({
    queryKey: leadKeys.board(query),
    queryFn: async (): Promise<LeadBoard> => (await callContract(calls.board, { query }, { auth: 'firm' })).data,
    placeholderData: (previous) => previous,
  });

export const leadQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.lead(id),
    queryFn: async (): Promise<Lead> => (await callContract(calls.view, { params: { id } }, { auth: 'firm', silent: true })).data,
    retry: false,
  });

const firmWrite = { auth: 'firm', toastSuccess: true } as const;

/** The lead's writes; each answers the lead as it is now, which its page shows at once before the lists refresh. */
export function useLeadWrites() {
  const queryClient = useQueryClient();
  const settle = async (lead: Lead) => {
    queryClient.setQueryData(leadKeys.lead(lead.id), lead);
    await queryClient.invalidateQueries({ queryKey: leadKeys.all(), predicate: (query) => query.queryKey[1] !== 'lead' });
    return lead;
  };
  const params = (id: string) => ({ params: { id } });
  return {
    create: async (body: LeadCreateInput, idempotencyKey: string) =>
      settle((await callContract(calls.create, { body }, { ...firmWrite, idempotencyKey })).data),
    update: async (id: string, body: LeadUpdateInput) =>
      settle((await callContract(calls.update, { ...params(id), body }, firmWrite)).data),
    changeStatus: async (id: string, body: LeadStatusChange, idempotencyKey?: string) =>
      settle((await callContract(calls.changeStatus, { ...params(id), body }, { ...firmWrite, idempotencyKey })).data),
    addNote: async (id: string, note: string, idempotencyKey: string) =>
      settle((await callContract(calls.addNote, { ...params(id), body: { note } }, { ...firmWrite, idempotencyKey })).data),
    assign: async (id: string, assigneeUserId: string) =>
      settle((await callContract(calls.assign, { ...params(id), body: { assigneeUserId } }, firmWrite)).data),
    runConflictCheck: async (id: string, idempotencyKey: string) =>
      settle((await callContract(calls.runConflictCheck, params(id), { ...firmWrite, idempotencyKey })).data),
    recordConflictDecision: async (id: string, body: LeadConflictDecisionInput) =>
      settle((await callContract(calls.recordConflictDecision, { ...params(id), body }, firmWrite)).data),
    /** To the recycle bin; the board and list refresh (the lead's own page, about to be left, is not fetched again). */
    remove: async (id: string) => {
      await callContract(calls.remove, params(id), firmWrite);
      await queryClient.invalidateQueries({ queryKey: leadKeys.all(), predicate: (query) => query.queryKey[1] !== 'lead' });
    },
  };
}
