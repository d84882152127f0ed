import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

const CLIENT_INFO = '/admin/client-info';

function clientAction(method: 'POST' | 'DELETE', action: string, id: string) {
  return apiRequest<ApiEnvelope<unknown>>(`${CLIENT_INFO}/${action}/${encodeURIComponent(id)}`, {
    method,
    auth: 'firm',
    toastSuccess: true,
  });
}

/** Soft delete: the client can be restored from the recycle bin. */
export const deleteClient = (id: string) => clientAction('DELETE', 'delete-client', id);

/** Emails the client a link to /portal/[company]/signup. */
export const inviteClientToPortal = (id: string) => clientAction('POST', 'invite-to-portal', id);

export const revokeClientPortal = (id: string) => clientAction('POST', 'revoke-portal', id);
