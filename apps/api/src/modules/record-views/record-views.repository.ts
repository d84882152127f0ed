import { sql, type SQL } from 'drizzle-orm';
import { RECORD_VIEW_REPEAT_SECONDS, type RecordViewType } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { timeZoneOfFirm } from '../../platform/firm-clock.ts';

export type ViewedRecord = { clientId: string; matterId: string | null; recordType: RecordViewType; recordId: string };

/**
 * One view, unless the same member viewed the same record in the last minute (a reload, the page's
 * own refetch): that reading is found through the (firm, client, time) index, a minute of one
 * client's views. Two requests at the same instant may both write, which only counts a view twice.
 */
export function insertRecordView(tx: Tx, firmId: string, userId: string, view: ViewedRecord, viewedAt?: Date): Promise<unknown> {
  const moment = viewedAt ? sql`${viewedAt.toISOString()}::timestamptz` : sql`now()`;
  return tx.execute(sql`insert into record_views (firm_id, client_id, matter_id, user_id, record_type, record_id, viewed_at)
    select ${firmId}, ${view.clientId}, ${view.matterId}, ${userId}, ${view.recordType}, ${view.recordId}, ${moment}
    where not exists (select 1 from record_views seen where seen.firm_id = ${firmId} and seen.client_id = ${view.clientId}
      and seen.viewed_at > ${moment} - make_interval(secs => ${RECORD_VIEW_REPEAT_SECONDS}) and seen.viewed_at <= ${moment}
      and seen.user_id = ${userId} and seen.record_type = ${view.recordType} and seen.record_id = ${view.recordId})`);
}

export async function findClientName(tx: Tx, firmId: string, clientId: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string }>(
    tx.execute(sql`select display_name as name from clients where firm_id = ${firmId} and id = ${clientId}`),
  );
  return row?.name ?? null;
}

export type RecordViewFilters = {
  clientId: string;
  userId?: string | undefined;
  recordType?: RecordViewType | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

type ViewRow = {
  id: string;
  viewedAt: Date | string;
  userId: string;
  userName: string;
  recordType: RecordViewType;
  recordId: string;
  recordName: string | null;
  matterId: string | null;
  matterName: string | null;
  total: number;
};

const matterName = (id: SQL) =>
  sql`(select coalesce(m.matter_number || ' ', '') || m.matter_name from matters m where m.firm_id = view.firm_id and m.id = ${id})`;

/** Each kind's current name, by its primary key (only the row's own branch runs); null once the record is purged. */
const RECORD_NAME = sql`case view.record_type
  when 'matter' then ${matterName(sql`view.record_id`)}
  when 'document' then (select d.name from documents d where d.firm_id = view.firm_id and d.id = view.record_id)
  when 'documentList' then (select f.name from document_folders f where f.firm_id = view.firm_id and f.id = view.record_id)
  when 'trustLedger' then coalesce(${matterName(sql`view.matter_id`)},
    (select c.display_name from clients c where c.firm_id = view.firm_id and c.id = view.record_id))
  end`;

/**
 * A page of a client's views, newest first, read through the (firm, client, time) index. From and
 * To are whole days in the firm's time zone.
 */
export async function findRecordViews(tx: Tx, firmId: string, filters: RecordViewFilters, page: { limit: number; offset: number }) {
  const zone = timeZoneOfFirm(firmId);
  const conditions = [
    sql`view.firm_id = ${firmId}`,
    sql`view.client_id = ${filters.clientId}`,
    filters.userId ? sql`view.user_id = ${filters.userId}` : undefined,
    filters.recordType ? sql`view.record_type = ${filters.recordType}` : undefined,
    filters.from ? sql`view.viewed_at >= (${filters.from}::date)::timestamp at time zone ${zone}` : undefined,
    filters.to ? sql`view.viewed_at < (${filters.to}::date + 1)::timestamp at time zone ${zone}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await rowsOf<ViewRow>(
    tx.execute(sql`select view.id, view.viewed_at as "viewedAt", view.user_id as "userId", member.name as "userName",
        view.record_type as "recordType", view.record_id as "recordId", ${RECORD_NAME} as "recordName",
        view.matter_id as "matterId", ${matterName(sql`view.matter_id`)} as "matterName", count(*) over ()::int as total
      from record_views view join users member on member.id = view.user_id
      where ${sql.join(conditions, sql` and `)}
      order by view.viewed_at desc, view.id desc
      limit ${page.limit} offset ${page.offset}`),
  );
  return rows;
}

/** The count when the page asked for is past the last row (the page's own rows carry it otherwise). */
export async function countRecordViews(tx: Tx, firmId: string, filters: RecordViewFilters): Promise<number> {
  const [row] = await findRecordViews(tx, firmId, filters, { limit: 1, offset: 0 });
  return row?.total ?? 0;
}
