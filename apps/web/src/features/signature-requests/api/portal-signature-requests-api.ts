import { signatureRequestContracts as contracts } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { signatureRequestKeys } from './signature-request-keys.ts';

/** The requests the signed-in portal client is a signer on. */
export const usePortalSignatureRequests = (clientId: string | null) =>
  useQuery({
    queryKey: signatureRequestKeys.portal(clientId),
    queryFn: async () => (await callContract(contracts.portalRequests, {}, { auth: 'client', silent: true })).data,
    enabled: clientId !== null,
  });
