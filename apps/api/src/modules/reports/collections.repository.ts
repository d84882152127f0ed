import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import {
  invoiceCoversMatter,
  invoiceCurrencyCodeOf,
  invoiceIdCoversMatter,
  invoiceMatterNamesOf,
  receivableMatterIdOf,
} from '../invoices/invoices.api.ts';

export type CollectionsFilters = {
  from?: string | undefined;
  to?: string | undefined;
  clientId?: string | undefined;
  /** Payments of invoices covering this matter. */
  matterId?: string | undefined;
  currencyCode?: string | undefined;
  matters?: 'one' | 'several' | undefined;
};

/**
 * The parts of the payments (and reversals, negative) dated in the period, by fee earner (null: the
 * unallocated part), as the database wrote them with each payment (ADR 0056: invoice_payment_parts).
 * Each part carries its payment's client, receivable matter (null: several), currency and date.
 */
function partsIn(firmId: string, filters: CollectionsFilters): SQL {
  const conditions = [
    filters.from ? sql`and part.payment_date >= ${filters.from}` : sql``,
    filters.to ? sql`and part.payment_date <= ${filters.to}` : sql``,
    filters.clientId ? sql`and part.client_id = ${filters.clientId}` : sql``,
    filters.matterId ? sql`and ${invoiceIdCoversMatter(sql`part.firm_id`, sql`part.invoice_id`, filters.matterId)}` : sql``,
    filters.currencyCode ? sql`and part.currency_code = ${filters.currencyCode}` : sql``,
    filters.matters === 'one'
      ? sql`and part.matter_id is not null`
      : filters.matters === 'several'
        ? sql`and part.matter_id is null`
        : sql``,
  ];
  return sql`select part.* from invoice_payment_parts part where part.firm_id = ${firmId} ${sql.join(conditions, sql` `)}`;
}

export type CollectionsGroupRow = {
  clientId: string;
  clientName: string;
  matterId: string | null;
  matterName: string | null;
  /** null: the unallocated part (expenses and tax). */
  feeEarnerId: string | null;
  feeEarnerName: string | null;
  currencyCode: string;
  payments: number;
  collected: string;
};

/** The parts of the payments in the period by client, receivable matter, fee earner (or unallocated) and currency: summed by ids, then named. */
export function findCollectionsByFeeEarner(tx: Tx, firmId: string, filters: CollectionsFilters) {
  return rowsOf<CollectionsGroupRow>(
    tx.execute(sql`
      select summed.client_id as "clientId", client.display_name as "clientName", summed.matter_id as "matterId",
        coalesce(matter.matter_number || ' ', '') || matter.matter_name as "matterName",
        summed.fee_earner_id as "feeEarnerId", coalesce(fee_earner.name, summed.fee_earner_name) as "feeEarnerName",
        summed.currency_code as "currencyCode", summed.payments, summed.collected
      from (
        select part.client_id, part.matter_id, part.fee_earner_id, part.currency_code, min(part.fee_earner_name) as fee_earner_name,
          count(distinct part.payment_id)::int as payments, sum(part.part)::numeric(20, 2)::text as collected
        from (${partsIn(firmId, filters)}) part
        group by part.client_id, part.matter_id, part.fee_earner_id, part.currency_code
      ) summed
        join clients client on client.firm_id = ${firmId} and client.id = summed.client_id
        left join matters matter on matter.firm_id = ${firmId} and matter.id = summed.matter_id
        left join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = summed.fee_earner_id
      order by 2, 4 nulls last, (summed.fee_earner_id is null), 6, summed.client_id, summed.matter_id, summed.fee_earner_id, summed.currency_code`),
  );
}

export type CollectionEntryRow = {
  paymentDate: string;
  receiptNumber: string;
  invoiceNumber: string;
  clientName: string;
  matterNames: string;
  feeEarnerName: string | null;
  method: string;
  currencyCode: string;
  amount: string;
  part: string;
};

/** The chosen shares of the payments themselves (the drill-down): the payment's part for each fee earner, a page at a time. */
export async function findCollectionEntries(
  tx: Tx,
  firmId: string,
  filters: CollectionsFilters & { feeEarnerId?: string | undefined; isUnallocated?: boolean },
  page: { size: number; offset: number },
) {
  const chosen = sql`select * from (${partsIn(firmId, filters)}) part where true
    ${filters.feeEarnerId ? sql`and part.fee_earner_id = ${filters.feeEarnerId}` : sql``}
    ${filters.isUnallocated ? sql`and part.fee_earner_id is null` : sql``}`;
  const [rows, sums] = await Promise.all([
    rowsOf<CollectionEntryRow>(
      tx.execute(sql`
        select to_char(part.payment_date, 'YYYY-MM-DD') as "paymentDate", payment.receipt_number as "receiptNumber",
          invoice.invoice_number as "invoiceNumber", client.display_name as "clientName",
          ${invoiceMatterNamesOf(sql`invoice`)} as "matterNames",
          coalesce(fee_earner.name, part.fee_earner_name) as "feeEarnerName", payment.method, part.currency_code as "currencyCode",
          payment.amount::numeric(20, 2)::text as amount, part.part::numeric(20, 2)::text as part
        from (${chosen}) part
          join invoice_payments payment on payment.firm_id = ${firmId} and payment.id = part.payment_id
          join clients client on client.firm_id = ${firmId} and client.id = part.client_id
          join invoices invoice on invoice.firm_id = ${firmId} and invoice.id = part.invoice_id
          left join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = part.fee_earner_id
        order by part.payment_date, payment.receipt_number, (part.fee_earner_id is null), 6, part.fee_earner_id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<{ currencyCode: string; count: number; part: string }>(
      tx.execute(sql`select part.currency_code as "currencyCode", count(*)::int as count, sum(part.part)::numeric(20, 2)::text as part
        from (${chosen}) part group by 1`),
    ),
  ]);
  return { rows, count: sums.reduce((count, sum) => count + Number(sum.count), 0), sums };
}

/**
 * Σ payments (reversals negative) per currency straight off the payments and their invoices, not
 * their parts: the report's first tie-out.
 */
export async function sumPaymentsReceived(tx: Tx, firmId: string, filters: CollectionsFilters): Promise<Map<string, string>> {
  const conditions = [
    filters.from ? sql`and payment.payment_date >= ${filters.from}` : sql``,
    filters.to ? sql`and payment.payment_date <= ${filters.to}` : sql``,
    filters.clientId ? sql`and invoice.client_id = ${filters.clientId}` : sql``,
    filters.matterId ? sql`and ${invoiceCoversMatter(sql`invoice`, filters.matterId)}` : sql``,
    filters.matters === 'one'
      ? sql`and ${receivableMatterIdOf(sql`invoice`)} is not null`
      : filters.matters === 'several'
        ? sql`and ${receivableMatterIdOf(sql`invoice`)} is null`
        : sql``,
  ];
  // Summed per invoice currency id first: the currency is named once per currency, not once per payment.
  const rows = await rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`select ${invoiceCurrencyCodeOf(sql`by_currency`)} as "currencyCode", sum(by_currency.amount)::numeric(20, 2)::text as amount
      from (
        select invoice.firm_id, invoice.currency_id, sum(payment.amount) as amount
        from invoice_payments payment join invoices invoice on invoice.firm_id = payment.firm_id and invoice.id = payment.invoice_id
        where payment.firm_id = ${firmId} ${sql.join(conditions, sql` `)}
        group by invoice.firm_id, invoice.currency_id
      ) by_currency
      group by 1`),
  );
  const wanted = filters.currencyCode;
  return new Map(rows.filter((row) => !wanted || row.currencyCode === wanted).map((row) => [row.currencyCode, row.amount]));
}
