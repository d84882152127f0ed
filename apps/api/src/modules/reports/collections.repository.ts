import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { invoiceCoversMatter, invoiceCurrencyCodeOf, invoiceMatterNamesOf, receivableMatterIdOf } from '../invoices/invoices.api.ts';

export type CollectionsFilters = {
  from?: string | undefined;
  to?: string | undefined;
  clientId?: string | undefined;
  /** Payments of invoices covering this matter. */
  matterId?: string | undefined;
  currencyCode?: string | undefined;
  matters?: 'one' | 'several' | undefined;
};

/** The payments (and reversals, negative) dated in the period, with their invoice's client, currency and receivable matter. */
function paymentsIn(firmId: string, filters: CollectionsFilters): SQL {
  const conditions = [
    filters.from ? sql`and payment.payment_date >= ${filters.from}` : sql``,
    filters.to ? sql`and payment.payment_date <= ${filters.to}` : sql``,
    filters.clientId ? sql`and invoice.client_id = ${filters.clientId}` : sql``,
    filters.matterId ? sql`and ${invoiceCoversMatter(sql`invoice`, filters.matterId)}` : sql``,
  ];
  const outer = [
    filters.currencyCode ? sql`and paid.currency_code = ${filters.currencyCode}` : sql``,
    filters.matters === 'one'
      ? sql`and paid.matter_id is not null`
      : filters.matters === 'several'
        ? sql`and paid.matter_id is null`
        : sql``,
  ];
  return sql`select paid.* from (
      select payment.id, payment.invoice_id, payment.amount, payment.payment_date, payment.receipt_number, payment.method,
        payment.reverses_payment_id, invoice.client_id, invoice.invoice_number, invoice.subtotal, invoice.discount_amount,
        invoice.tax_amount, ${invoiceCurrencyCodeOf(sql`invoice`)} as currency_code, ${receivableMatterIdOf(sql`invoice`)} as matter_id
      from invoice_payments payment join invoices invoice on invoice.firm_id = payment.firm_id and invoice.id = payment.invoice_id
      where payment.firm_id = ${firmId} ${sql.join(conditions, sql` `)}
    ) paid
    where true ${sql.join(outer, sql` `)}`;
}

/**
 * Each payment's parts by fee earner (fee_earner_id null: the unallocated part), summing exactly to
 * the payment. The invoice's total is split into shares: each fee earner's fee and flat-fee lines,
 * less their part of the discount, and the rest — expense lines (and fee lines without a fee earner)
 * less their part of the discount, plus the tax — unallocated. Weights in cents², so every share is
 * an integer: fee earner = lines × (subtotal − discount), unallocated = other lines × (subtotal −
 * discount) + tax × subtotal; they add up to subtotal × total. A payment of P cents gives each share
 * ⌊P × weight ÷ Σ weights⌋ cents, and the cents left over go one each to the largest remainders (ties:
 * by fee earner id, unallocated last). A reversal takes exactly the parts of the payment it reverses
 * (the same weights and order, negated).
 */
function allocatedParts(firmId: string, filters: CollectionsFilters): SQL {
  return sql`
    with paid as (${paymentsIn(firmId, filters)}),
    fee_lines as (
      select line.invoice_id, line.fee_earner_id, min(line.fee_earner_name) as fee_earner_name, sum(line.amount) * 100 as cents
      from invoice_lines line
      where line.firm_id = ${firmId} and line.item_type in ('fee', 'flatFee') and line.fee_earner_id is not null
        and line.invoice_id in (select paid.invoice_id from paid)
      group by 1, 2),
    shares as (
      select paid.id as payment_id, fee.fee_earner_id, fee.fee_earner_name,
        fee.cents * (paid.subtotal - paid.discount_amount) * 100 as weight
      from paid join fee_lines fee on fee.invoice_id = paid.invoice_id
      union all
      select paid.id, null, null,
        (paid.subtotal * 100 - coalesce((select sum(fee.cents) from fee_lines fee where fee.invoice_id = paid.invoice_id), 0))
          * (paid.subtotal - paid.discount_amount) * 100 + paid.tax_amount * paid.subtotal * 10000
      from paid),
    sized as (
      select share.*, sum(share.weight) over (partition by share.payment_id) as total_weight from shares share),
    fair as (
      -- An invoice of nothing (no weight at all): the whole payment is unallocated.
      select sized.payment_id, sized.fee_earner_id, sized.fee_earner_name,
        case when sized.total_weight = 0 then (sized.fee_earner_id is null)::int::numeric else sized.weight end as weight,
        case when sized.total_weight = 0 then 1::numeric else sized.total_weight end as total_weight
      from sized),
    floored as (
      select fair.payment_id, fair.fee_earner_id, fair.fee_earner_name, abs(paid.amount) * 100 as cents, sign(paid.amount) as sign,
        div(abs(paid.amount) * 100 * fair.weight, fair.total_weight) as base,
        mod(abs(paid.amount) * 100 * fair.weight, fair.total_weight) as remainder
      from fair join paid on paid.id = fair.payment_id),
    ranked as (
      select floored.*, floored.cents - sum(floored.base) over (partition by floored.payment_id) as leftover,
        row_number() over (partition by floored.payment_id order by floored.remainder desc, floored.fee_earner_id nulls last) as place
      from floored)
    select paid.id as payment_id, paid.invoice_id, paid.client_id, paid.matter_id, paid.currency_code, paid.payment_date,
      paid.receipt_number, paid.invoice_number, paid.method, paid.amount, paid.reverses_payment_id,
      ranked.fee_earner_id, ranked.fee_earner_name,
      (ranked.sign * (ranked.base + case when ranked.place <= ranked.leftover then 1 else 0 end) / 100)::numeric(20, 2) as part
    from ranked join paid on paid.id = ranked.payment_id
    where ranked.base > 0 or ranked.place <= ranked.leftover`;
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

/** The parts of the payments in the period by client, receivable matter, fee earner (or unallocated) and currency. */
export function findCollectionsByFeeEarner(tx: Tx, firmId: string, filters: CollectionsFilters) {
  return rowsOf<CollectionsGroupRow>(
    tx.execute(sql`
      select part.client_id as "clientId", min(client.display_name) as "clientName", part.matter_id as "matterId",
        min(coalesce(matter.matter_number || ' ', '') || matter.matter_name) as "matterName",
        part.fee_earner_id as "feeEarnerId", min(coalesce(fee_earner.name, part.fee_earner_name)) as "feeEarnerName",
        part.currency_code as "currencyCode", count(distinct part.payment_id)::int as payments,
        sum(part.part)::numeric(20, 2)::text as collected
      from (${allocatedParts(firmId, filters)}) part
        join clients client on client.firm_id = ${firmId} and client.id = part.client_id
        left join matters matter on matter.firm_id = ${firmId} and matter.id = part.matter_id
        left join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = part.fee_earner_id
      group by part.client_id, part.matter_id, part.fee_earner_id, part.currency_code
      order by 2, 4 nulls last, (part.fee_earner_id is null), 6, part.client_id, part.matter_id, part.fee_earner_id, part.currency_code`),
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
  const chosen = sql`select * from (${allocatedParts(firmId, filters)}) part where true
    ${filters.feeEarnerId ? sql`and part.fee_earner_id = ${filters.feeEarnerId}` : sql``}
    ${filters.isUnallocated ? sql`and part.fee_earner_id is null` : sql``}`;
  const [rows, sums] = await Promise.all([
    rowsOf<CollectionEntryRow>(
      tx.execute(sql`
        select to_char(part.payment_date, 'YYYY-MM-DD') as "paymentDate", part.receipt_number as "receiptNumber",
          part.invoice_number as "invoiceNumber", client.display_name as "clientName",
          ${invoiceMatterNamesOf(sql`invoice`)} as "matterNames",
          coalesce(fee_earner.name, part.fee_earner_name) as "feeEarnerName", part.method, part.currency_code as "currencyCode",
          part.amount::numeric(20, 2)::text as amount, part.part::text as part
        from (${chosen}) part
          join clients client on client.firm_id = ${firmId} and client.id = part.client_id
          join invoices invoice on invoice.firm_id = ${firmId} and invoice.id = part.invoice_id
          left join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = part.fee_earner_id
        order by part.payment_date, part.receipt_number, (part.fee_earner_id is null), 6, part.fee_earner_id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<{ currencyCode: string; count: number; part: string }>(
      tx.execute(sql`select part.currency_code as "currencyCode", count(*)::int as count, sum(part.part)::numeric(20, 2)::text as part
        from (${chosen}) part group by 1`),
    ),
  ]);
  return { rows, count: sums.reduce((count, sum) => count + Number(sum.count), 0), sums };
}

/** Σ payments (reversals negative) per currency straight off the payments table: the report's first tie-out. */
export async function sumPaymentsReceived(tx: Tx, firmId: string, filters: CollectionsFilters): Promise<Map<string, string>> {
  const rows = await rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`select paid.currency_code as "currencyCode", sum(paid.amount)::numeric(20, 2)::text as amount
      from (${paymentsIn(firmId, filters)}) paid group by 1`),
  );
  return new Map(rows.map((row) => [row.currencyCode, row.amount]));
}
