import { sql } from 'drizzle-orm';
import type { PortalItemView, PortalViewItemKind } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';

/** One statement for every item opened at once: the first view inserts, the next ones stamp last_at and count. */
export async function upsertViews(
  tx: Tx,
  view: { firmId: string; portalAccountId: string; kind: PortalViewItemKind; itemIds: string[]; action: 'viewed' | 'downloaded' },
) {
  if (view.itemIds.length === 0) return;
  await tx.execute(sql`insert into portal_item_views (firm_id, portal_account_id, item_kind, item_id, action)
    select ${view.firmId}, ${view.portalAccountId}, ${view.kind}, item_id, ${view.action}
      from unnest(array[${sql.join(
        view.itemIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]) as item_id
    on conflict (firm_id, item_kind, item_id, portal_account_id, action)
      do update set last_at = now(), times = portal_item_views.times + 1`);
}

/** Who of the firm's clients opened the item (the contact, on a contact's account), and when; the newest first. */
export function findViews(tx: Tx, firmId: string, kind: PortalViewItemKind, itemId: string) {
  return rowsOf<PortalItemView>(
    tx.execute(sql`select coalesce(p.contact_name, c.display_name) as "clientName", p.email, v.action,
        to_json(v.first_at) #>> '{}' as "firstAt", to_json(v.last_at) #>> '{}' as "lastAt", v.times
      from portal_item_views v join portal_accounts p on p.id = v.portal_account_id join clients c on c.id = p.client_id
      where v.firm_id = ${firmId} and v.item_kind = ${kind} and v.item_id = ${itemId}
      order by v.last_at desc`),
  );
}
