import { eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { InvoiceListTotals, InvoiceStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { clients, currencies, firms, invoiceMatters, invoices, matters } from '../../db/schema/index.ts';
import { declareList, type ListRequest } from '../../platform/lists/list-declaration.ts';
import { nameByKey, sortByName } from '../../platform/lists/list-names.ts';
import { selectMatching } from '../../platform/lists/list-statements.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';
import { isOverdue } from './invoices.repository.ts';
import { hasMissedInstalment } from '../payment-plans/payment-plans.api.ts';
import { firmToday, timeZoneOfFirm } from '../../platform/firm-clock.ts';

/**
 * Issued with money still due: the overdue tab's rows before the due date is compared, worded as
 * the partial index invoices_open_created_idx's predicate (migration 0035), so it serves the tab.
 */
const IS_OPEN = sql.raw(`("invoices"."status" in ('Approved', 'Sent', 'PartlyPaid') and "invoices"."balance_due" > 0)`);

/** Today in the firm's time zone, read once per statement (an init plan), not once per row. */
const firmTodayOf = (firmId: string) => firmToday(timeZoneOfFirm(firmId));

export type InvoiceListFilters = {
  status?: InvoiceStatus | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  isOverdue?: boolean | undefined;
};
export type InvoiceSortColumn = 'invoiceNumber' | 'clientName' | 'issueDate' | 'dueDate' | 'total' | 'balanceDue' | 'status' | 'createdAt';
export type InvoiceListRequest = ListRequest<InvoiceListFilters, InvoiceSortColumn>;

const columns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  status: sql<InvoiceStatus>`${invoices.status}`,
  clientId: invoices.clientId,
  clientName: nameByKey<string>(clients, clients.displayName, invoices.clientId),
  // Qualified by hand: drizzle leaves a single table's columns unqualified, which the subquery's own columns would shadow.
  matterNames: sql<string[]>`array(select covered_matter.matter_name from ${invoiceMatters} covered
    join ${matters} covered_matter on covered_matter.id = covered.matter_id
    where covered.firm_id = "invoices"."firm_id" and covered.invoice_id = "invoices"."id" order by covered_matter.matter_name)`,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  isOverdue,
  isDisputed: sql<boolean>`exists(select 1 from invoice_disputes disputed
    where disputed.firm_id = "invoices"."firm_id" and disputed.invoice_id = "invoices"."id")`,
  hasMissedInstalment,
  total: invoices.total,
  paidAmount: invoices.paidAmount,
  balanceDue: invoices.balanceDue,
  currencySymbol: sql<string>`coalesce((select money.symbol from ${currencies} money where money.id = "invoices"."currency_id"), '')`,
  /** The invoice's currency, else the firm's home currency (as the summary counts it). */
  currencyCode: sql<string>`coalesce((select money.iso_code from ${currencies} money where money.id = coalesce("invoices"."currency_id",
    (select home.home_currency_id from ${firms} home where home.id = "invoices"."firm_id"))), ${FALLBACK_HOME_CURRENCY})`,
  deliveredDate: invoices.deliveredDate,
  createdAt: invoices.createdAt,
};

/**
 * Invoices, by issue date (newest first) unless asked otherwise. A status tab, a client, an issue
 * date range and the overdue tab are conditions on the invoice's own columns; a matter is looked
 * up in invoice_matters first (its few invoices by key). A search matches the invoice number or
 * the client's name. (Not the matters' search text: it holds the client's name too, so a name
 * search found the same invoices twice, the second time by looking up each of them by key: at
 * 100,000 invoices that doubled a searched page's time, 13 ms for "okonk".)
 */
export const invoiceList = declareList({
  table: invoices,
  live: isNull(invoices.deletedAt),
  filters: {
    status: (status: InvoiceStatus) => eq(invoices.status, status),
    clientId: (clientId: string) => eq(invoices.clientId, clientId),
    matterId: (matterId: string, firmId: string) =>
      sql`${invoices.id} = any(array(select covered.invoice_id from ${invoiceMatters} covered
        where covered.firm_id = ${firmId} and covered.matter_id = ${matterId}))`,
    from: (date: string) => gte(invoices.issueDate, date),
    to: (date: string) => lte(invoices.issueDate, date),
    isOverdue: (isWanted: boolean, firmId: string) =>
      isWanted ? sql`(${IS_OPEN} and ${invoices.dueDate} < ${firmTodayOf(firmId)})` : undefined,
  },
  search: [
    invoices.invoiceNumber,
    (pattern, firmId) =>
      sql`${invoices.clientId} = any(array(select searched.id from ${clients} searched
        where searched.firm_id = ${firmId} and searched.display_name ilike ${pattern}))`,
  ],
  sorts: {
    issueDate: { keys: [{ key: invoices.issueDate }, { key: invoices.createdAt }] },
    createdAt: { keys: [{ key: invoices.createdAt }] },
    dueDate: { keys: [{ key: invoices.dueDate }, { key: invoices.createdAt }] },
    invoiceNumber: { keys: [{ key: invoices.numberValue, isNullable: true }] },
    total: { keys: [{ key: invoices.total }] },
    balanceDue: { keys: [{ key: invoices.balanceDue }] },
    status: { keys: [{ key: invoices.status }, { key: invoices.issueDate }, { key: invoices.createdAt }] },
    clientName: sortByName(clients, clients.displayName, invoices.clientId),
  },
  columns,
  isDescendingNullsLast: true,
});

const IS_DRAFT = sql.raw(`"invoices"."status" in ('Draft', 'AwaitingApproval')`);
const IS_ISSUED = sql.raw(`"invoices"."status" in ('Approved', 'Sent', 'PartlyPaid', 'Paid')`);
const sumOf = (amount: SQL, where: SQL) => sql<string>`coalesce(sum(${amount}) filter (where ${where}), 0)::numeric(20, 2)::text`;

/**
 * The currency an invoice is in: its own, else the firm's home currency, else NGN (the product's
 * default, as invoiceCurrencyOf and migration 0048 decide). The firm's and NGN's ids are init plans,
 * read once per statement.
 */
const currencyIdOf = (firmId: string) =>
  sql<number>`coalesce("invoices"."currency_id", (select home.home_currency_id from ${firms} home where home.id = ${firmId}),
    (select fallback.id from ${currencies} fallback where fallback.iso_code = ${FALLBACK_HOME_CURRENCY}))`;

/**
 * The whole filter's summary, one row per currency (never two currencies added), home currency
 * first, as exact decimal text: drafts apart; of the issued invoices, billed, paid, written off and
 * outstanding (open balances). Written off is read as total − paid − balance, which
 * invoices_balance_check makes equal to the column, so the sums and the grouping stay on the
 * columns invoices_firm_totals_idx holds (an index-only scan).
 */
export async function sumInvoices(tx: Tx, firmId: string, request: InvoiceListRequest): Promise<InvoiceListTotals> {
  const byCurrency = selectMatching(tx, invoiceList, firmId, request, {
    currencyId: currencyIdOf(firmId).as('currency_id'),
    draftCount: sql<number>`(count(*) filter (where ${IS_DRAFT}))::int`.as('draft_count'),
    draftTotal: sumOf(sql`${invoices.total}`, IS_DRAFT).as('draft_total'),
    billed: sumOf(sql`${invoices.total}`, IS_ISSUED).as('billed'),
    paidAmount: sumOf(sql`${invoices.paidAmount}`, IS_ISSUED).as('paid_amount'),
    writtenOff: sumOf(sql`${invoices.total} - ${invoices.paidAmount} - ${invoices.balanceDue}`, IS_ISSUED).as('written_off'),
    outstanding: sumOf(sql`${invoices.balanceDue}`, IS_ISSUED).as('outstanding'),
  })
    .groupBy(sql`1`)
    .as('by_currency');
  const homeCurrencyId = sql`coalesce((select home.home_currency_id from ${firms} home where home.id = ${firmId}),
    (select fallback.id from ${currencies} fallback where fallback.iso_code = ${FALLBACK_HOME_CURRENCY}))`;
  const rows = await tx
    .select({
      currency: sql<string>`coalesce(${currencies.isoCode}, ${FALLBACK_HOME_CURRENCY})`,
      currencySymbol: sql<string>`coalesce(${currencies.symbol}, '')`,
      draftCount: byCurrency.draftCount,
      draftTotal: byCurrency.draftTotal,
      billed: byCurrency.billed,
      paidAmount: byCurrency.paidAmount,
      writtenOff: byCurrency.writtenOff,
      outstanding: byCurrency.outstanding,
    })
    .from(byCurrency)
    .leftJoin(currencies, eq(currencies.id, byCurrency.currencyId))
    .orderBy(sql`${byCurrency.currencyId} is not distinct from ${homeCurrencyId} desc`, sql`1`);
  return rows.map((row) => ({ ...row, draftCount: Number(row.draftCount) }));
}
