import { clientViewRoute, teamMemberListRoute } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

/** Someone the sender can pick as a signer, with how the request records them. */
export type SignerCandidate = {
  value: string;
  name: string;
  email: string;
  kind: 'clientContact' | 'firmUser' | 'other';
  clientContactId: string | null;
  userId: string | null;
  /** Which list it comes from, for the picker's groups. */
  group: string;
};

/**
 * The client's own email and its contact people (those with an email), then the firm's members: the
 * people a document of that client is usually signed by. A person who is the client is not a contact
 * of it, so they are recorded as 'other', with the client's email.
 */
export function useSignerCandidates(clientId: string | null) {
  const client = useQuery({
    queryKey: ['signature-requests', 'client-signers', clientId],
    queryFn: async () => (await callContract(clientViewRoute, { params: { id: clientId ?? '' } }, { auth: 'firm', silent: true })).data,
    enabled: clientId !== null,
  });
  const members = useQuery({
    queryKey: ['signature-requests', 'member-signers'],
    queryFn: async () => (await listContract(teamMemberListRoute, { query: {} }, 'firm')) ?? [],
  });
  const candidates: SignerCandidate[] = [];
  const detail = client.data;
  if (detail?.email && detail.clientType === 'individual')
    candidates.push({
      value: `client:${detail.id}`,
      name: detail.name,
      email: detail.email,
      kind: 'other',
      clientContactId: null,
      userId: null,
      group: 'Client',
    });
  for (const contact of detail?.contacts ?? []) {
    if (!contact.email) continue;
    candidates.push({
      value: `contact:${contact.id}`,
      name: contact.name,
      email: contact.email,
      kind: 'clientContact',
      clientContactId: contact.id,
      userId: null,
      group: 'Client contacts',
    });
  }
  for (const member of members.data ?? []) {
    candidates.push({
      value: `member:${member.id}`,
      name: member.name,
      email: member.email,
      kind: 'firmUser',
      clientContactId: null,
      userId: member.id,
      group: 'Firm members',
    });
  }
  return { candidates, isLoading: client.isLoading || members.isLoading };
}
