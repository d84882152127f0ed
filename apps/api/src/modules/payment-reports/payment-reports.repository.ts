import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type PaymentReportRow = {
  id: string;
  clientId: string;
  clientName: string;
  kind: 'invoice' | 'trustRequest';
  invoiceId: string | null;
  invoiceNumber: string | null;
  trustRequestId: string | null;
  trustRequestNumber: string | null;
  currencySymbol: string;
  balanceDue: string;
  amount: string;
  paymentDate: string;
  reference: string | null;
  proofFileName: string;
  status: 'reported' | 'confirmed' | 'rejected';
  reportedAt: string;
  decidedAt: string | null;
  decidedByName: string | null;
  rejectionReason: string | null;
};

// What a trust request still asks is the trust-requests module's rule (trustRequestBalanceDue): the
// report's balance is read back through it in the service, so here only the request's two amounts.
const selectReports = (firmId: string) => sql`select r.id, r.client_id as "clientId", c.display_name as "clientName",
    case when r.invoice_id is not null then 'invoice' else 'trustRequest' end as kind,
    r.invoice_id as "invoiceId", i.invoice_number as "invoiceNumber",
    r.trust_request_id as "trustRequestId", tr.request_number as "trustRequestNumber",
    coalesce(cur.symbol, trust_currency.symbol, '') as "currencySymbol",
    i.balance_due::text as "balanceDue", tr.amount::text as "requestAmount", tr.paid_amount::text as "requestPaidAmount",
    r.amount::text as amount, r.payment_date::text as "paymentDate", r.reference,
    r.proof_file_name as "proofFileName", r.status, to_json(r.reported_at) #>> '{}' as "reportedAt",
    to_json(r.decided_at) #>> '{}' as "decidedAt", u.name as "decidedByName", r.rejection_reason as "rejectionReason"
  from payment_reports r
    left join invoices i on i.firm_id = r.firm_id and i.id = r.invoice_id
    left join currencies cur on cur.id = i.currency_id
    left join trust_requests tr on tr.firm_id = r.firm_id and tr.id = r.trust_request_id
    left join trust_accounts ta on ta.firm_id = tr.firm_id and ta.id = tr.trust_account_id
    left join currencies trust_currency on trust_currency.iso_code = ta.currency_code
    join clients c on c.id = r.client_id
    left join users u on u.id = r.decided_by_user_id
  where r.firm_id = ${firmId}`;

/** A report as read: an invoice's balance due, or a trust request's amount and paid amount. */
export type PaymentReportReadRow = Omit<PaymentReportRow, 'balanceDue'> & {
  balanceDue: string | null;
  requestAmount: string | null;
  requestPaidAmount: string | null;
};

export function findPaymentReports(tx: Tx, firmId: string, filter: { status?: string; clientId?: string; invoiceId?: string }) {
  return rowsOf<PaymentReportReadRow>(
    tx.execute(sql`${selectReports(firmId)}
      ${filter.status ? sql`and r.status = ${filter.status}` : sql``}
      ${filter.clientId ? sql`and r.client_id = ${filter.clientId}` : sql``}
      ${filter.invoiceId ? sql`and r.invoice_id = ${filter.invoiceId}` : sql``}
      order by r.reported_at desc limit 200`),
  );
}

export async function findPaymentReport(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<PaymentReportReadRow>(tx.execute(sql`${selectReports(firmId)} and r.id = ${id}`));
  return row ?? null;
}

/** The report, locked until the decision commits: two confirmations wait for each other, and the second finds it decided. */
export async function lockPaymentReport(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<{
    id: string;
    clientId: string;
    invoiceId: string | null;
    trustRequestId: string | null;
    status: string;
    amount: string;
    paymentDate: string;
    reference: string | null;
  }>(
    tx.execute(sql`select id, client_id as "clientId", invoice_id as "invoiceId", trust_request_id as "trustRequestId", status, amount::text as amount, payment_date::text as "paymentDate", reference
      from payment_reports where firm_id = ${firmId} and id = ${id} for update`),
  );
  return row ?? null;
}

export async function findProof(tx: Tx, firmId: string, id: string, clientId?: string) {
  const [row] = await rowsOf<{ storageKey: string; fileName: string; contentType: string; sizeBytes: number }>(
    tx.execute(sql`select proof_storage_key as "storageKey", proof_file_name as "fileName", proof_content_type as "contentType",
        proof_size_bytes as "sizeBytes"
      from payment_reports where firm_id = ${firmId} and id = ${id} ${clientId ? sql`and client_id = ${clientId}` : sql``}`),
  );
  return row ?? null;
}

export async function insertPaymentReport(
  tx: Tx,
  report: {
    firmId: string;
    clientId: string;
    item: { invoiceId: string } | { trustRequestId: string };
    portalAccountId: string;
    amount: string;
    paymentDate: string;
    reference: string | null;
    proof: { key: string; fileName: string; contentType: string; size: number };
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into payment_reports (firm_id, client_id, invoice_id, trust_request_id, portal_account_id, amount, payment_date,
        reference, proof_storage_key, proof_file_name, proof_content_type, proof_size_bytes)
      values (${report.firmId}, ${report.clientId}, ${'invoiceId' in report.item ? report.item.invoiceId : null},
        ${'trustRequestId' in report.item ? report.item.trustRequestId : null}, ${report.portalAccountId}, ${report.amount}, ${report.paymentDate},
        ${report.reference}, ${report.proof.key}, ${report.proof.fileName}, ${report.proof.contentType}, ${report.proof.size})
      returning id`),
  );
  return row!.id;
}

export async function decidePaymentReport(
  tx: Tx,
  firmId: string,
  id: string,
  decision: { status: 'confirmed' | 'rejected'; userId: string; paymentId?: string; trustTransactionId?: string; rejectionReason?: string },
) {
  await tx.execute(sql`update payment_reports set status = ${decision.status}, decided_at = now(), decided_by_user_id = ${decision.userId},
      payment_id = ${decision.paymentId ?? null}, trust_transaction_id = ${decision.trustTransactionId ?? null},
      rejection_reason = ${decision.rejectionReason ?? null}
    where firm_id = ${firmId} and id = ${id}`);
}

/** Whether the invoice is one of the client's that was sent to them, and what it still owes. */
export async function findClientInvoiceBalance(tx: Tx, firmId: string, clientId: string, invoiceId: string) {
  const [row] = await rowsOf<{ balanceDue: string; status: string }>(
    tx.execute(sql`select balance_due::text as "balanceDue", status from invoices
      where firm_id = ${firmId} and id = ${invoiceId} and client_id = ${clientId} and sent_at is not null and deleted_at is null`),
  );
  return row ?? null;
}
