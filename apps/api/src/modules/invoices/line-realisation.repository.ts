import { sql, type SQL } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES } from '@matterhorn/shared';

const ISSUED = sql.raw(`(${ISSUED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * What an invoice has billed and collected for one of its items (a time entry, flat fee or
 * expense), in the firm's home currency: the rule the realisation and profitability reports read.
 *
 * Only issued invoices (approved, sent, partly paid, paid; not drafts, voids or deleted ones) in the
 * home currency count, and only the item's line that no credit note has credited (a credited line
 * billed nothing). For that line, every share is rounded half-up to the cent:
 * - net = the line's amount (after its write-down or up) − its share of the invoice's discount
 *   (discount × line ÷ subtotal);
 * - the invoice's standing total = its total − Σ its credit notes' totals; what it collected =
 *   paid − what its credit notes gave back to the client's credit balance;
 * - billed = net − net × written off ÷ standing total;
 * - collected = net × collected ÷ standing total (the tax in a payment is not the firm's fee).
 *
 * An item is on at most one live line: its current invoice's (a credited line whose item was
 * released, or a voided invoice's, bills nothing), so the item's invoice_id finds it by index.
 * Answers one row (billed, collected) or none: a lateral subquery, `left join lateral … on true`.
 */
export function realisedLineOf(item: { firmId: SQL; invoiceId: SQL; itemId: SQL; itemType: 'fee' | 'expense' | 'flatFee' }): SQL {
  return realisedLinesWhere(
    sql`${item.invoiceId} is not null and line.firm_id = ${item.firmId} and line.invoice_id = ${item.invoiceId} and line.item_id = ${item.itemId}
      and line.item_type = ${item.itemType}`,
  );
}

/**
 * The same rule for every live line of a kind dated in a range (its item's date: frozen once the item
 * is billed), of one fee earner when named: rows of (fee_earner_id, matter_id, item_id, billed,
 * collected), one per item, for a report that sums a period's lines instead of looking up each item's.
 * These are the lines realisedLineOf finds from the items: an item leaves an issued invoice only
 * by a void or a credit note crediting its line, and such a line bills nothing (the WIP tie-out
 * holds every other line of a live invoice to its item).
 */
export function realisedLinesIn(
  firmId: string,
  itemType: 'fee' | 'expense' | 'flatFee',
  range: { from?: string | undefined; to?: string | undefined; feeEarnerId?: string | undefined },
): SQL {
  const conditions = [
    sql`line.firm_id = ${firmId} and line.item_type = ${itemType}`,
    range.from ? sql`line.line_date >= ${range.from}` : undefined,
    range.to ? sql`line.line_date <= ${range.to}` : undefined,
    range.feeEarnerId ? sql`line.fee_earner_id = ${range.feeEarnerId}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return realisedLinesWhere(sql.join(conditions, sql` and `), sql`line.fee_earner_id, line.matter_id, line.item_id, `);
}

function realisedLinesWhere(where: SQL, keys: SQL = sql``): SQL {
  return sql`(
    select ${keys}(line_net.net - case when standing.total > 0 then round(invoice.written_off_amount * line_net.net / standing.total, 2) else 0 end)
        as billed,
      case when standing.total > 0 then round(standing.collected * line_net.net / standing.total, 2) else 0 end as collected
    from invoice_lines line
    join invoices invoice on invoice.firm_id = line.firm_id and invoice.id = line.invoice_id
    join firms firm on firm.id = invoice.firm_id
    cross join lateral (select line.amount - case when invoice.subtotal > 0
        then round(invoice.discount_amount * line.amount / invoice.subtotal, 2) else 0 end as net) line_net
    cross join lateral (select invoice.total - coalesce(sum(note.total), 0) as total,
        invoice.paid_amount - coalesce(sum(note.to_client_credit_amount), 0) as collected
      from credit_notes note where note.firm_id = invoice.firm_id and note.invoice_id = invoice.id) standing
    where ${where}
      and invoice.deleted_at is null and invoice.status in ${ISSUED}
      and coalesce(invoice.currency_id, firm.home_currency_id) = firm.home_currency_id
      and not exists (select 1 from credit_note_lines credited where credited.invoice_line_id = line.id))`;
}
