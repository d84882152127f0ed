import { clientInviteToPortalRoute, clientRemoveRoute, clientRevokePortalRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

const asFirm = { auth: 'firm', toastSuccess: true } as const;

/** Soft delete: the client can be restored from the recycle bin. */
export const deleteClient = (id: string) => callContract(clientRemoveRoute, { params: { id } }, asFirm);

/** Emails the client a link to /portal/[company]/signup. */
export const inviteClientToPortal = (id: string) => callContract(clientInviteToPortalRoute, { params: { id } }, asFirm);

export const revokeClientPortal = (id: string) => callContract(clientRevokePortalRoute, { params: { id } }, asFirm);
