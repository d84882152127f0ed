import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firmDateOf } from '../../platform/firm-clock.ts';

/**
 * What the client owes on the invoices sent to them, as movements: each sent invoice's total (+),
 * its payments (−) and their reversals (+), its write-offs (−), what its credit notes took off the
 * balance due (−; the credit note's number in receiptNumber), and a void (− what it still owed:
 * a void invoice keeps its figures but is owed no more). Their sum per currency is the sum of the
 * sent, not void invoices' balance due, which is how the invoices module keeps them.
 */
export type ClientAccountMovementRow = {
  kind: 'invoice' | 'payment' | 'paymentReversal' | 'writeOff' | 'creditNote' | 'void';
  date: string;
  /** Orders a day's movements as they were recorded. */
  recordedAt: string;
  invoiceNumber: string | null;
  receiptNumber: string | null;
  matterName: string | null;
  /** Signed: + owed more, − owed less. */
  amount: string;
  currencyCode: string;
  currencySymbol: string;
};

const currencyOf = sql`coalesce(cur.iso_code, home.iso_code, '')`;
const symbolOf = sql`coalesce(cur.symbol, home.symbol, '')`;

/** At most `limit` movements, oldest first. */
export function findClientAccountMovements(tx: Tx, firmId: string, clientId: string, limit: number) {
  return rowsOf<ClientAccountMovementRow>(
    tx.execute(sql`with sent as (
        select i.id, i.invoice_number, i.issue_date, i.sent_at, i.voided_at, i.total, i.balance_due, i.status, i.created_at,
          ${currencyOf} as currency_code, ${symbolOf} as currency_symbol,
          (select string_agg(m.matter_name, ', ' order by m.matter_name) from invoice_matters im
            join matters m on m.id = im.matter_id where im.firm_id = i.firm_id and im.invoice_id = i.id) as matter_name,
          f.time_zone
        from invoices i
          join firms f on f.id = i.firm_id
          left join currencies cur on cur.id = i.currency_id
          left join currencies home on home.id = f.home_currency_id
        where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.sent_at is not null and i.deleted_at is null
      )
      select 'invoice' as kind, s.issue_date::text as date, to_json(s.created_at) #>> '{}' as "recordedAt", s.invoice_number as "invoiceNumber",
          null as "receiptNumber", s.matter_name as "matterName", s.total::text as amount,
          s.currency_code as "currencyCode", s.currency_symbol as "currencySymbol"
        from sent s
      union all
      select case when p.amount < 0 then 'paymentReversal' else 'payment' end, p.payment_date::text, to_json(p.created_at) #>> '{}',
          s.invoice_number, p.receipt_number, s.matter_name, (-p.amount)::text, s.currency_code, s.currency_symbol
        from invoice_payments p join sent s on s.id = p.invoice_id
        where p.firm_id = ${firmId}
      union all
      select 'writeOff', w.write_off_date::text, to_json(w.created_at) #>> '{}', s.invoice_number, null, s.matter_name, (-w.amount)::text,
          s.currency_code, s.currency_symbol
        from invoice_write_offs w join sent s on s.id = w.invoice_id
        where w.firm_id = ${firmId}
      union all
      select 'creditNote', c.credit_date::text, to_json(c.created_at) #>> '{}', s.invoice_number, c.credit_note_number, s.matter_name,
          (-c.applied_amount)::text, s.currency_code, s.currency_symbol
        from credit_notes c join sent s on s.id = c.invoice_id
        where c.firm_id = ${firmId} and c.applied_amount > 0
      union all
      select 'void', ${firmDateOf(sql`s.voided_at`, sql`s.time_zone`)}::text, to_json(s.voided_at) #>> '{}', s.invoice_number, null,
          s.matter_name, (-s.balance_due)::text, s.currency_code, s.currency_symbol
        from sent s
        where s.status = 'Void'
      order by 2, 3
      limit ${limit}`),
  );
}

/** What the client owes on the invoices sent to them (not void), per currency: the invoices' own balance due. */
export function sumClientBalancesDue(tx: Tx, firmId: string, clientId: string) {
  return rowsOf<{ currencyCode: string; currencySymbol: string; amount: string }>(
    tx.execute(sql`select ${currencyOf} as "currencyCode", ${symbolOf} as "currencySymbol", sum(i.balance_due)::numeric(16, 2)::text as amount
      from invoices i
        join firms f on f.id = i.firm_id
        left join currencies cur on cur.id = i.currency_id
        left join currencies home on home.id = f.home_currency_id
      where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.sent_at is not null and i.deleted_at is null
        and i.status <> 'Void'
      group by 1, 2
      having sum(i.balance_due) <> 0
      order by 1`),
  );
}
