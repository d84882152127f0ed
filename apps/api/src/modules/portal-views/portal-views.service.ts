import { hasPermissions, SPEC_MESSAGES, type PortalItemView, type PortalViewItemKind } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { forbidden } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { findViews, upsertViews } from './portal-views.repository.ts';

/** Who may see that the client opened an item: those who may open the item themselves. */
const PERMISSION_OF: Record<PortalViewItemKind, string> = { progressNote: 'progressNote', courtUpdate: 'courtUpdate', invoice: 'invoice' };

/**
 * "The firm sees, on each shared item, when the client viewed or downloaded it": the portal's reads
 * record what they showed (after the read, in their own short transaction), the firm reads it back.
 */
export function createPortalViews(database: Database) {
  return {
    record: (principal: PortalPrincipal, kind: PortalViewItemKind, itemIds: string[], action: 'viewed' | 'downloaded') =>
      database.withFirm(principal.firmId, (tx) =>
        upsertViews(tx, { firmId: principal.firmId, portalAccountId: principal.portalAccountId, kind, itemIds, action }),
      ),

    list: (principal: FirmPrincipal, kind: PortalViewItemKind, itemId: string): Promise<PortalItemView[]> => {
      if (!hasPermissions(principal.permissions, [PERMISSION_OF[kind]])) return Promise.reject(forbidden(SPEC_MESSAGES.noPermission));
      return database.withFirm(principal.firmId, (tx) => findViews(tx, principal.firmId, kind, itemId), READ_ONLY);
    },
  };
}
export type PortalViews = ReturnType<typeof createPortalViews>;
