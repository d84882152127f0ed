import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type OpenInvoiceOfClient = { id: string; invoiceNumber: string; currencyCode: string; balanceDue: string; dueDate: string };

/**
 * A client's invoices open for payment — issued (approved or sent, or partly paid), with something
 * due, not deleted — in its currency (the firm's home one when it has none), oldest due date first:
 * what money the client has with the firm may pay.
 */
export function findPayableInvoicesOfClient(tx: Tx, firmId: string, clientId: string): Promise<OpenInvoiceOfClient[]> {
  return rowsOf<OpenInvoiceOfClient>(
    tx.execute(sql`select i.id, coalesce(i.invoice_number, '') as "invoiceNumber", coalesce(cur.iso_code, home.iso_code, 'NGN') as "currencyCode",
        i.balance_due::text as "balanceDue", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate"
      from invoices i
        join firms f on f.id = i.firm_id
        left join currencies cur on cur.id = i.currency_id
        left join currencies home on home.id = f.home_currency_id
      where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.deleted_at is null
        and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0
      order by i.due_date, i.invoice_number`),
  );
}
