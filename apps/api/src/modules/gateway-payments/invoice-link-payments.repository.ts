import { sql } from 'drizzle-orm';
import type { PaymentGatewayName } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';

/** The invoice a public link names, as paying it online needs it: whether it is open, what it owes, and where its receipt goes. */
export type LinkInvoiceRow = {
  id: string;
  clientId: string;
  label: string;
  currencyCode: string;
  amountDue: string;
  /** Approved, Sent or PartlyPaid, not deleted: the invoices a client may pay (a draft has no link, a paid or void one owes nothing). */
  isOpen: boolean;
  /** The client's billing email (where the invoice is emailed): the gateway sends its receipt there. */
  email: string | null;
};

export async function findLinkInvoice(tx: Tx, firmId: string, invoiceId: string) {
  const [row] = await rowsOf<LinkInvoiceRow>(
    tx.execute(sql`select i.id, i.client_id as "clientId", coalesce(i.invoice_number, 'Invoice') as label,
        cur.iso_code as "currencyCode", i.balance_due::text as "amountDue",
        (i.status in ('Sent', 'PartlyPaid', 'Approved') and i.deleted_at is null) as "isOpen",
        nullif(trim(c.email), '') as email
      from invoices i join currencies cur on cur.id = i.currency_id
        join clients c on c.firm_id = i.firm_id and c.id = i.client_id
      where i.firm_id = ${firmId} and i.id = ${invoiceId}`),
  );
  return row ?? null;
}

/** A pending attempt started from the invoice's public link: no portal account (whoever holds the link paid). */
export async function insertLinkGatewayPayment(
  tx: Tx,
  payment: {
    firmId: string;
    clientId: string;
    invoiceId: string;
    amount: string;
    currencyCode: string;
    gateway: PaymentGatewayName;
    reference: string;
  },
) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into gateway_payments (firm_id, client_id, portal_account_id, invoice_id, amount, currency_code, gateway, reference)
      values (${payment.firmId}, ${payment.clientId}, null, ${payment.invoiceId}, ${payment.amount}, ${payment.currencyCode},
        ${payment.gateway}, ${payment.reference})
      returning id`),
  );
  return row!.id;
}
