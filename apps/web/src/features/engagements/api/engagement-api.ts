import { documentTemplatesRoute, engagementContracts as calls, type Engagement, type EngagementTermsInput } from '@matterhorn/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** One key factory: each write answers the engagement as it is now; the lead's page (its timeline, status) refreshes too. */
export const engagementKeys = {
  engagement: (leadId: string) => ['engagements', leadId] as const,
  templates: () => ['engagements', 'templates'] as const,
};

export const engagementQuery = (leadId: string) =>
  queryOptions({
    queryKey: engagementKeys.engagement(leadId),
    queryFn: async (): Promise<Engagement> => (await callContract(calls.view, { params: { leadId } }, { auth: 'firm', silent: true })).data,
    retry: false,
  });

/** The firm's Word templates (the Templates folder), to choose the letter's. */
export const engagementTemplatesQuery = queryOptions({
  queryKey: engagementKeys.templates(),
  queryFn: async () => (await callContract(documentTemplatesRoute, {}, { auth: 'firm', silent: true })).data,
});

const firmWrite = { auth: 'firm', toastSuccess: true } as const;

export function useEngagementWrites(leadId: string) {
  const queryClient = useQueryClient();
  const settle = async (engagement: Engagement) => {
    queryClient.setQueryData(engagementKeys.engagement(leadId), engagement);
    await queryClient.invalidateQueries({ queryKey: ['leads'] });
    return engagement;
  };
  const params = { leadId };
  return {
    saveTerms: async (body: EngagementTermsInput) => settle((await callContract(calls.saveTerms, { params, body }, firmWrite)).data),
    generateLetter: async (idempotencyKey: string) =>
      settle((await callContract(calls.generateLetter, { params }, { ...firmWrite, idempotencyKey })).data),
    sendLetter: async (idempotencyKey: string) =>
      settle((await callContract(calls.sendLetter, { params, body: { message: null } }, { ...firmWrite, idempotencyKey })).data),
    convert: async (idempotencyKey: string) =>
      settle((await callContract(calls.convert, { params }, { ...firmWrite, idempotencyKey })).data),
  };
}
