import { and, eq, getTableName, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { invoices } from '../../db/schema/index.ts';

/**
 * The number of the invoice holding an item of `table`, once that invoice has left draft (null when
 * the item is on none, or on a draft): the item is then billed and nothing of it may change. A scalar
 * subquery, not a join, so the item's row can be read FOR UPDATE with it.
 */
export const billedOnInvoiceNumberOf = (table: string) =>
  sql<string | null>`(select billing.invoice_number from ${invoices} billing
    where billing.firm_id = ${sql.identifier(table)}.firm_id and billing.id = ${sql.identifier(table)}.invoice_id
      and billing.status not in ('Draft', 'Void'))`;

/**
 * The item of `table` is not held back from billing (pre-bill review's hold, until released): what
 * every unbilled list and every invoice's lock requires, so neither a draft nor a bill run takes it.
 */
export const isNotHeldFromBilling = (table: string) =>
  sql`not exists (select 1 from billing_holds hold
    where hold.firm_id = ${sql.identifier(table)}.firm_id and hold.item_id = ${sql.identifier(table)}.id and hold.released_at is null)`;

/**
 * A kind of billable item an invoice takes (time entries, flat fees, expenses): its table, the one
 * rule of what is billed (in SQL), and what else an invoice sets on it and clears from it besides
 * invoice_id (a time entry's SPEC.md status).
 */
export type BillableItems = {
  table: PgTable & { firmId: AnyPgColumn; id: AnyPgColumn; invoiceId: AnyPgColumn; deletedAt: AnyPgColumn; updatedAt: AnyPgColumn };
  isBilled: SQL;
  onBilled?: Record<string, unknown>;
  onReleased?: Record<string, unknown>;
  /** The refusal when some items are not free to bill ("Some of these time entries are already billed…"). */
  notFree: string;
};

export type InvoiceLock = ReturnType<typeof createInvoiceLock>;

/** Which billable items an invoice looks at: a client's, optionally some matters, a date range, or exactly some ids. */
export type UnbilledItemFilter = {
  clientId: string;
  matterIds?: string[];
  from?: string | undefined;
  to?: string | undefined;
  ids?: string[];
  /** Instead of the unbilled ones: the items this invoice has locked (to snapshot them into its lines). */
  invoiceId?: string;
};

/**
 * The lock an invoice takes on its items, the same for every kind: what a module exposes in its
 * `<module>.api.ts` for the invoices module, so no module writes another's billed rule.
 */
export function createInvoiceLock(items: BillableItems) {
  // drizzle's update needs the table's own type; the columns above are what this code touches.
  const table = items.table as PgTable & typeof items.table;
  return {
    /**
     * Locks the items for invoice X, all or none: in the caller's transaction, so they are billed
     * exactly when the invoice is saved. An item already billed, deleted or of another firm refuses
     * the whole lock (409), as does one held back from billing; the caller's transaction rolls back.
     */
    async lockForInvoice(tx: Tx, firmId: string, invoiceId: string, itemIds: string[]): Promise<void> {
      const wanted = [...new Set(itemIds)];
      if (wanted.length === 0) return;
      const taken = await tx
        .update(table)
        .set({ invoiceId, ...items.onBilled, updatedAt: sql`now()` } as never)
        .where(
          and(
            eq(table.firmId, firmId),
            inArray(table.id, wanted),
            isNull(table.deletedAt),
            not(items.isBilled),
            isNotHeldFromBilling(getTableName(table)),
          ),
        )
        .returning({ id: table.id });
      if (taken.length !== wanted.length) throw conflict(items.notFree);
    },

    /**
     * Unlocks the items of invoice X (voided, or a draft deleted; `itemIds`: only those, a credit
     * note's lines): they can be billed again.
     */
    async releaseFromInvoice(tx: Tx, firmId: string, invoiceId: string, itemIds?: readonly string[]): Promise<number> {
      if (itemIds?.length === 0) return 0;
      const released = await tx
        .update(table)
        .set({ invoiceId: null, ...items.onReleased, updatedAt: sql`now()` } as never)
        .where(and(eq(table.firmId, firmId), eq(table.invoiceId, invoiceId), itemIds ? inArray(table.id, [...itemIds]) : undefined))
        .returning({ id: table.id });
      return released.length;
    },
  };
}
