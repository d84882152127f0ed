import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type CallMatter = { id: string; isOpen: boolean };

export async function findCallMatter(tx: Tx, firmId: string, matterId: string): Promise<CallMatter | null> {
  const result = await tx.execute(sql`
    select id, status <> 'Closed' as "isOpen" from matters where firm_id = ${firmId} and id = ${matterId} and deleted_at is null`);
  return rowsOf<CallMatter>(result)[0] ?? null;
}

export async function insertCall(
  tx: Tx,
  firmId: string,
  userId: string,
  call: { matterId: string; callDate: string; withWhom: string; minutes: number; note: string },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into matter_calls (firm_id, matter_id, user_id, call_date, with_whom, minutes, note)
    values (${firmId}, ${call.matterId}, ${userId}, ${call.callDate}, ${call.withWhom}, ${call.minutes}, ${call.note})
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

const SELECT = sql`
  select c.id, c.matter_id as "matterId", to_char(c.call_date, 'YYYY-MM-DD') as "callDate", c.with_whom as "withWhom",
         c.minutes, c.note, u.name as "loggedBy"
    from matter_calls c join users u on u.firm_id = c.firm_id and u.id = c.user_id`;

export async function findCall(tx: Tx, firmId: string, callId: string) {
  return rowsOf<CallRow>(await tx.execute(sql`${SELECT} where c.firm_id = ${firmId} and c.id = ${callId}`))[0] ?? null;
}

export async function findCalls(tx: Tx, firmId: string, matterId: string, limit: number) {
  return rowsOf<CallRow>(
    await tx.execute(sql`${SELECT} where c.firm_id = ${firmId} and c.matter_id = ${matterId}
      order by c.call_date desc, c.created_at desc limit ${limit}`),
  );
}

export type CallRow = { id: string; matterId: string; callDate: string; withWhom: string; minutes: number; note: string; loggedBy: string };
