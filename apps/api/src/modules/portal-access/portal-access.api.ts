import type { PortalAccess } from './portal-access.service.ts';

/**
 * What other modules may use of portal access: the client page's "invite to portal" invites the
 * client's own email through the same per-contact accounts.
 */
export type PortalInvitations = Pick<PortalAccess, 'inviteInTx'>;
