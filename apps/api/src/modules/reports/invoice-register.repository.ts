import { sql, type SQL } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES, type InvoiceRegisterStatus, type InvoiceStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { invoiceCoversMatter, invoiceCurrencyCodeOf, invoiceMatterNamesOf } from '../invoices/invoices.api.ts';

const ISSUED = sql.raw(`(${ISSUED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

export type RegisterFilters = {
  from?: string | undefined;
  to?: string | undefined;
  clientId?: string | undefined;
  /** Invoices covering this matter. */
  matterId?: string | undefined;
  currencyCode?: string | undefined;
  status?: InvoiceRegisterStatus | undefined;
};

/** The firm's invoices (not deleted drafts) the filters choose, with their currency. */
function listed(firmId: string, filters: RegisterFilters): SQL {
  const conditions = [
    filters.from ? sql`and invoice.issue_date >= ${filters.from}` : sql``,
    filters.to ? sql`and invoice.issue_date <= ${filters.to}` : sql``,
    filters.clientId ? sql`and invoice.client_id = ${filters.clientId}` : sql``,
    filters.matterId ? sql`and ${invoiceCoversMatter(sql`invoice`, filters.matterId)}` : sql``,
    filters.status === 'Issued'
      ? sql`and invoice.status in ${ISSUED}`
      : filters.status
        ? sql`and invoice.status = ${filters.status}`
        : sql``,
  ];
  return sql`select listed.* from (
      select invoice.*, ${invoiceCurrencyCodeOf(sql`invoice`)} as currency_code
      from invoices invoice
      where invoice.firm_id = ${firmId} and invoice.deleted_at is null ${sql.join(conditions, sql` `)}
    ) listed
    where ${filters.currencyCode ? sql`listed.currency_code = ${filters.currencyCode}` : sql`true`}`;
}

/** A void invoice is cancelled: listed, never added. */
const ADDED = sql`listed.status <> 'Void'`;
const sumAdded = (amount: SQL) => sql`coalesce(sum(${amount}) filter (where ${ADDED}), 0)::numeric(20, 2)::text`;

export type RegisterSums = {
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  paid: string;
  creditedWrittenOff: string;
  balance: string;
};
const SUMS = sql`${sumAdded(sql`listed.subtotal`)} as subtotal, ${sumAdded(sql`listed.discount_amount`)} as discount,
  ${sumAdded(sql`listed.tax_amount`)} as tax, ${sumAdded(sql`listed.total`)} as total, ${sumAdded(sql`listed.paid_amount`)} as paid,
  ${sumAdded(sql`listed.credited_amount + listed.written_off_amount`)} as "creditedWrittenOff",
  ${sumAdded(sql`listed.balance_due`)} as balance`;

export type RegisterGroupRow = RegisterSums & {
  clientId: string;
  clientName: string;
  currencyCode: string;
  invoices: number;
  /** Σ balance of the issued invoices (not drafts, not void): what the ledger's receivable holds of them. */
  issuedBalance: string;
};

/** The chosen invoices by client and currency, void ones not added (a client with only void ones has no row). */
export function findRegisterByClient(tx: Tx, firmId: string, filters: RegisterFilters) {
  return rowsOf<RegisterGroupRow>(
    tx.execute(sql`
      select listed.client_id as "clientId", min(client.display_name) as "clientName", listed.currency_code as "currencyCode",
        (count(*) filter (where ${ADDED}))::int as invoices, ${SUMS},
        coalesce(sum(listed.balance_due) filter (where listed.status in ${ISSUED}), 0)::numeric(20, 2)::text as "issuedBalance"
      from (${listed(firmId, filters)}) listed join clients client on client.firm_id = ${firmId} and client.id = listed.client_id
      group by listed.client_id, listed.currency_code
      having count(*) filter (where ${ADDED}) > 0
      order by 2, listed.client_id, listed.currency_code`),
  );
}

export type RegisterEntryRow = Omit<RegisterSums, 'balance'> & {
  invoiceNumber: string | null;
  clientName: string;
  matterNames: string;
  issueDate: string;
  dueDate: string;
  currencyCode: string;
  status: InvoiceStatus;
  balance: string;
};

/** The chosen invoices themselves, by issue date then number, a page at a time, with their count and sums per currency (void ones not added). */
export async function findRegisterEntries(tx: Tx, firmId: string, filters: RegisterFilters, page: { size: number; offset: number }) {
  const chosen = listed(firmId, filters);
  const [rows, sums] = await Promise.all([
    rowsOf<RegisterEntryRow>(
      tx.execute(sql`
        select listed.invoice_number as "invoiceNumber", client.display_name as "clientName",
          ${invoiceMatterNamesOf(sql`listed`)} as "matterNames", to_char(listed.issue_date, 'YYYY-MM-DD') as "issueDate",
          to_char(listed.due_date, 'YYYY-MM-DD') as "dueDate", listed.currency_code as "currencyCode", listed.status,
          listed.subtotal::text as subtotal, listed.discount_amount::text as discount, listed.tax_amount::text as tax,
          listed.total::text as total, listed.paid_amount::text as paid,
          (listed.credited_amount + listed.written_off_amount)::numeric(20, 2)::text as "creditedWrittenOff",
          (case when ${ADDED} then listed.balance_due else 0 end)::numeric(20, 2)::text as balance
        from (${chosen}) listed join clients client on client.firm_id = ${firmId} and client.id = listed.client_id
        order by listed.issue_date, listed.number_value nulls last, listed.created_at, listed.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<RegisterSums & { currencyCode: string; count: number }>(
      tx.execute(sql`select listed.currency_code as "currencyCode", count(*)::int as count, ${SUMS}
        from (${chosen}) listed group by 1`),
    ),
  ]);
  return { rows, count: sums.reduce((count, sum) => count + Number(sum.count), 0), sums };
}

/**
 * The tie-outs' other records, per currency, for the invoices the report adds (void ones not): Σ of
 * their lines (invoice_lines) and Σ of their payments (invoice_payments, reversals negative).
 */
export async function sumRegisterLinesAndPayments(tx: Tx, firmId: string, filters: RegisterFilters) {
  const [lines, payments] = await Promise.all([
    rowsOf<{ currencyCode: string; amount: string }>(
      tx.execute(sql`select listed.currency_code as "currencyCode", sum(line.amount)::numeric(20, 2)::text as amount
        from (${listed(firmId, filters)}) listed
          join invoice_lines line on line.firm_id = ${firmId} and line.invoice_id = listed.id
        where ${ADDED} group by 1`),
    ),
    rowsOf<{ currencyCode: string; amount: string }>(
      tx.execute(sql`select listed.currency_code as "currencyCode", sum(payment.amount)::numeric(20, 2)::text as amount
        from (${listed(firmId, filters)}) listed
          join invoice_payments payment on payment.firm_id = ${firmId} and payment.invoice_id = listed.id
        where ${ADDED} group by 1`),
    ),
  ]);
  const byCurrency = (rows: { currencyCode: string; amount: string }[]) => new Map(rows.map((row) => [row.currencyCode, row.amount]));
  return { lines: byCurrency(lines), payments: byCurrency(payments) };
}
