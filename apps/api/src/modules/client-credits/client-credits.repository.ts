import { and, eq, sql } from 'drizzle-orm';
import type { ClientCreditKind } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { clientCreditMovements, clients } from '../../db/schema/index.ts';

export type MovementValues = typeof clientCreditMovements.$inferInsert & { kind: ClientCreditKind };

/**
 * The client, locked: every use of its credit (applied, refunded, a payment that kept an excess
 * reversed) locks it before reading the balance, so two of them cannot both spend the same credit.
 * Null when it is not the firm's. A client in the recycle bin keeps its credit (it can be refunded).
 */
export async function lockClient(tx: Tx, firmId: string, clientId: string): Promise<{ id: string } | null> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)))
    .for('update');
  return row ?? null;
}

/** Whether the client is the firm's (a read: no lock). */
export async function isClientOfFirm(tx: Tx, firmId: string, clientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
  return Boolean(row);
}

export async function insertMovement(tx: Tx, values: MovementValues): Promise<string> {
  const [row] = await tx.insert(clientCreditMovements).values(values).returning({ id: clientCreditMovements.id });
  return row!.id;
}

/** The client's credit in each currency it has some of, by currency code. */
export async function findClientBalances(tx: Tx, firmId: string, clientId: string) {
  return rowsOf<{ currencyCode: string; balance: string }>(
    tx.execute(sql`select currency_code as "currencyCode", sum(amount)::numeric(16,2)::text as balance
      from client_credit_movements where firm_id = ${firmId} and client_id = ${clientId}
      group by currency_code having sum(amount) <> 0 order by currency_code`),
  );
}

/** Every client's credit added up per currency (the books' tie-out of unapplied cash). */
export async function sumFirmBalances(tx: Tx, firmId: string) {
  return rowsOf<{ currencyCode: string; balance: string }>(
    tx.execute(sql`select currency_code as "currencyCode", sum(amount)::numeric(16,2)::text as balance
      from client_credit_movements where firm_id = ${firmId} group by currency_code order by currency_code`),
  );
}

/** The client's movements, newest first, with the invoice, credit note and receipt behind each. */
export async function findMovements(tx: Tx, firmId: string, clientId: string) {
  return rowsOf<{
    id: string;
    kind: ClientCreditKind;
    amount: string;
    currencyCode: string;
    movementDate: string;
    invoiceId: string | null;
    invoiceNumber: string | null;
    creditNoteNumber: string | null;
    reference: string | null;
    byUserName: string;
    createdAt: string;
  }>(
    tx.execute(sql`select m.id, m.kind, m.amount::text as amount, m.currency_code as "currencyCode",
        to_char(m.movement_date, 'YYYY-MM-DD') as "movementDate", m.invoice_id as "invoiceId", i.invoice_number as "invoiceNumber",
        n.credit_note_number as "creditNoteNumber",
        m.reference,
        coalesce(u.name, '') as "byUserName", to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      from client_credit_movements m
        left join invoices i on i.firm_id = m.firm_id and i.id = m.invoice_id
        left join credit_notes n on n.firm_id = m.firm_id and n.id = m.credit_note_id
        left join users u on u.firm_id = m.firm_id and u.id = m.by_user_id
      where m.firm_id = ${firmId} and m.client_id = ${clientId}
      order by m.created_at desc, m.id desc`),
  );
}

/**
 * What an entry did to unapplied cash, per client and currency: debit − credit of its
 * unapplied-cash lines (a payment from credit debits it; an excess kept as credit credits it).
 */
export async function findUnappliedCashOfEntry(tx: Tx, firmId: string, entryId: string) {
  return rowsOf<{ clientId: string; currencyCode: string; net: string }>(
    tx.execute(sql`select l.client_id as "clientId", l.currency_code as "currencyCode",
        (sum(l.debit) - sum(l.credit))::numeric(16,2)::text as net
      from journal_lines l join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id and a.code = 'unapplied-cash'
      where l.firm_id = ${firmId} and l.entry_id = ${entryId} and l.client_id is not null
      group by l.client_id, l.currency_code having sum(l.debit) <> sum(l.credit)`),
  );
}
