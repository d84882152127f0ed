import { privacyNoticeContracts, type PublishPrivacyNoticeInput, type SaveOfficerInput } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

export const privacyNoticeKeys = {
  all: ['data-protection', 'privacy-notice'] as const,
  consents: (clientId: string) => ['data-protection', 'privacy-notice', 'consents', clientId] as const,
};

export const usePrivacyNoticeSettings = () =>
  useQuery({
    queryKey: privacyNoticeKeys.all,
    queryFn: async () => (await callContract(privacyNoticeContracts.settings, {}, { auth: 'firm' })).data,
  });

export const useClientConsents = (clientId: string | null) =>
  useQuery({
    queryKey: privacyNoticeKeys.consents(clientId ?? ''),
    queryFn: () => listContract(privacyNoticeContracts.clientConsents, { query: { ClientId: clientId ?? '' } }, 'firm'),
    enabled: clientId !== null,
  });

export async function saveOfficer(body: SaveOfficerInput) {
  return (await callContract(privacyNoticeContracts.saveOfficer, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function publishPrivacyNotice(body: PublishPrivacyNoticeInput) {
  return (await callContract(privacyNoticeContracts.publish, { body }, { auth: 'firm', toastSuccess: true })).data;
}
