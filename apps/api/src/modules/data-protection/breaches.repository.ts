import { sql } from 'drizzle-orm';
import type { Breach } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { timeZoneOfFirm } from '../../platform/firm-clock.ts';

/** The breach register's SQL (ADR 92). The deadline is the moment found plus 72 hours, counted by the database's clock. */

type BreachRow = Omit<Breach, 'discoveredAt' | 'regulatorDeadline' | 'regulatorNotifiedAt'> & {
  discoveredAt: string | Date;
  regulatorDeadline: string | Date;
  regulatorNotifiedAt: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

export async function findBreaches(tx: Tx, firmId: string, hours: number, id?: string): Promise<Breach[]> {
  const rows = await rowsOf<BreachRow>(
    tx.execute(sql`select b.id, b.title, b.description, b.data_affected as "dataAffected", b.people_affected as "peopleAffected",
        b.discovered_at as "discoveredAt", b.discovered_at + make_interval(hours => ${hours}) as "regulatorDeadline",
        floor(extract(epoch from (b.discovered_at + make_interval(hours => ${hours}) - now())) / 60)::int as "minutesLeft",
        b.regulator_notified_at as "regulatorNotifiedAt", b.regulator_notified_to as "regulatorNotifiedTo", u.name as "recordedBy",
        ${timeZoneOfFirm(firmId)} as "timeZone",
        coalesce((select json_agg(json_build_object('clientId', c.id, 'name', c.display_name, 'toldAt', bc.told_at) order by c.display_name)
          from breach_incident_clients bc join clients c on c.firm_id = bc.firm_id and c.id = bc.client_id
         where bc.firm_id = b.firm_id and bc.incident_id = b.id), '[]') as clients
        from breach_incidents b left join users u on u.id = b.created_by_user_id
       where b.firm_id = ${firmId} ${id ? sql`and b.id = ${id}` : sql``}
       order by (b.regulator_notified_at is null) desc, b.discovered_at desc limit 200`),
  );
  return rows.map((row) => ({
    ...row,
    discoveredAt: iso(row.discoveredAt),
    regulatorDeadline: iso(row.regulatorDeadline),
    regulatorNotifiedAt: row.regulatorNotifiedAt ? iso(row.regulatorNotifiedAt) : null,
    clients: row.clients.map((client) => ({ ...client, toldAt: client.toldAt ? iso(client.toldAt) : null })),
  }));
}

export async function countFirmClients(tx: Tx, firmId: string, clientIds: string[]) {
  if (clientIds.length === 0) return 0;
  const [row] = await rowsOf<{ count: number }>(
    tx.execute(sql`select count(*)::int as count from clients where firm_id = ${firmId}
      and id in (${sql.join(
        clientIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return row!.count;
}

export async function insertBreach(
  tx: Tx,
  firmId: string,
  userId: string,
  breach: { title: string; description: string; dataAffected: string; peopleAffected: string; discoveredAt: string; clientIds: string[] },
) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into breach_incidents (firm_id, title, description, data_affected, people_affected, discovered_at, created_by_user_id)
      values (${firmId}, ${breach.title}, ${breach.description}, ${breach.dataAffected}, ${breach.peopleAffected}, ${breach.discoveredAt}::timestamptz, ${userId})
      returning id`),
  );
  for (const clientId of new Set(breach.clientIds))
    await tx.execute(
      sql`insert into breach_incident_clients (firm_id, incident_id, client_id) values (${firmId}, ${row!.id}, ${clientId})`,
    );
  return row!.id;
}

export async function lockBreach(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<{ notified: boolean }>(
    tx.execute(
      sql`select regulator_notified_at is not null as notified from breach_incidents where firm_id = ${firmId} and id = ${id} for update`,
    ),
  );
  return row ?? null;
}

export async function recordRegulatorNotified(tx: Tx, firmId: string, id: string, notifiedAt: string, notifiedTo: string) {
  await tx.execute(sql`update breach_incidents set regulator_notified_at = ${notifiedAt}::timestamptz, regulator_notified_to = ${notifiedTo}
    where firm_id = ${firmId} and id = ${id}`);
}

export async function recordClientTold(tx: Tx, firmId: string, id: string, clientId: string) {
  const rows = await rowsOf<{ clientId: string }>(
    tx.execute(sql`update breach_incident_clients set told_at = coalesce(told_at, now())
      where firm_id = ${firmId} and incident_id = ${id} and client_id = ${clientId} returning client_id as "clientId"`),
  );
  return rows.length > 0;
}
