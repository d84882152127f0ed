import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  billedLockMessage,
  FLAT_FEE_MESSAGES,
  type FlatFee,
  type FlatFeeInputParsed,
  type FlatFeeListItem,
  type flatFeeListQuerySchema,
  type FlatFeePage,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage, type ListRow } from '../../platform/lists/list-page.ts';
import {
  findActivityReference,
  findFlatFeeDetail,
  findHomeCurrency,
  findMatterReference,
  findUserReference,
  flatFeeList,
  insertFlatFee,
  lockFlatFee,
  setFlatFeeDeleted,
  sumFlatFees,
  updateFlatFee,
  type FlatFeeListRequest,
  type FlatFeeValues,
} from './flat-fees.repository.ts';

type ParsedListQuery = z.output<typeof flatFeeListQuerySchema>;
type Existing = NonNullable<Awaited<ReturnType<typeof lockFlatFee>>>;
export type FlatFeeService = ReturnType<typeof createFlatFeeService>;

/**
 * Every id in the body is looked up in the firm's own rows (another firm's answers "not found").
 * A reference that stays as it was may since have closed or been deactivated; a new one may not.
 */
async function checkReferences(tx: Tx, firmId: string, input: FlatFeeInputParsed, previous: Existing | null) {
  const matter = await findMatterReference(tx, firmId, input.matterId);
  const isNewMatter = input.matterId !== previous?.matterId;
  if (!matter || (!matter.isLive && isNewMatter)) throw notFound('Matter');
  if (matter.clientId !== input.clientId)
    throw badRequest(FLAT_FEE_MESSAGES.matterNotOfClient, { matterId: FLAT_FEE_MESSAGES.matterNotOfClient });
  if (matter.status === 'Closed' && isNewMatter)
    throw badRequest(FLAT_FEE_MESSAGES.matterClosed, { matterId: FLAT_FEE_MESSAGES.matterClosed });
  const user = await findUserReference(tx, firmId, input.userId);
  if (!user) throw notFound('User');
  if (!user.isActive && input.userId !== previous?.userId)
    throw badRequest('This user is no longer active', { userId: 'This user is no longer active' });
  if (input.activityId) {
    const activity = await findActivityReference(tx, firmId, input.activityId);
    if (!activity || (!activity.isLive && input.activityId !== previous?.activityTypeId)) throw notFound('Activity');
  }
}

const valuesOf = (input: FlatFeeInputParsed): FlatFeeValues => ({
  clientId: input.clientId,
  matterId: input.matterId,
  userId: input.userId,
  activityTypeId: input.activityId ?? null,
  flatFeeDate: input.flatFeeDate,
  description: input.description,
  note: input.note,
  amount: input.amount,
});

/** What the trail keeps of a flat fee: whose, where, when and how much. */
const audited = (values: FlatFeeValues | Existing) => ({
  clientId: values.clientId,
  matterId: values.matterId,
  userId: values.userId,
  flatFeeDate: values.flatFeeDate,
  amount: Number(values.amount).toFixed(2),
  description: values.description,
});

type DetailRow = NonNullable<Awaited<ReturnType<typeof findFlatFeeDetail>>>;

/** A flat fee on an invoice cannot change; once that invoice has left draft the refusal names it. */
const lockedFlatFee = (fee: { billedOnInvoiceNumber: string | null }, onDraft: string) =>
  conflict(fee.billedOnInvoiceNumber ? billedLockMessage(fee.billedOnInvoiceNumber) : onDraft);
type ListRowOf = ListRow<typeof flatFeeList.columns>;

export const listItemOf = ({ createdAt, ...row }: ListRowOf): FlatFeeListItem => ({
  ...row,
  status: row.isLocked ? 'Billed' : 'Unbilled',
  createdAt: createdAt.toISOString(),
});

const flatFeeOf = ({ note, updatedAt, billedOnInvoiceNumber, ...row }: DetailRow): FlatFee => ({
  ...listItemOf(row),
  note,
  billedOnInvoiceNumber,
  updatedAt: updatedAt.toISOString(),
});

async function viewOf(tx: Tx, firmId: string, flatFeeId: string): Promise<FlatFee> {
  const row = await findFlatFeeDetail(tx, firmId, flatFeeId);
  if (!row) throw notFound('Flat fee');
  return flatFeeOf(row);
}

export function requestOf(query: ParsedListQuery): FlatFeeListRequest {
  return {
    filters: {
      status: query.status,
      clientId: query.ClientId,
      matterId: query.MatterId,
      addedByUserId: query.ExpenseAddedUserId,
      fromDate: query.FromExpenseFlatFeesDateCreated,
      toDate: query.ToExpenseFlatFeesDateCreated,
    },
    searchText: query.GeneralSearchText || undefined,
    sort: { column: query.sortColumn, direction: query.sortType },
  };
}

const flatFeeCsv: ListCsv<typeof flatFeeList.columns, void> = {
  header: ['Date', 'Client', 'Matter', 'Fee earner', 'Activity', 'Description', 'Currency', 'Amount', 'Status', 'Added by'],
  cells: (fee, _context, dates) => [
    dates.date(fee.flatFeeDate),
    fee.clientName,
    fee.matterNumber ? `${fee.matterNumber} ${fee.matterName}` : fee.matterName,
    fee.userName,
    fee.activityType,
    fee.description,
    fee.currencyCode,
    fee.amount,
    fee.isLocked ? 'Billed' : 'Unbilled',
    fee.addedByUserName,
  ],
};

export function createFlatFeeService(database: Database) {
  return {
    create: (principal: FirmPrincipal, input: FlatFeeInputParsed): Promise<FlatFee> =>
      database.withFirm(principal.firmId, async (tx) => {
        await checkReferences(tx, principal.firmId, input, null);
        const values = valuesOf(input);
        const currencyId = await findHomeCurrency(tx, principal.firmId);
        const id = await insertFlatFee(tx, principal.firmId, principal.userId, { ...values, currencyId });
        await recordAuditEvent(tx, principal, 'flatFee.created', id, { after: audited(values) });
        return viewOf(tx, principal.firmId, id);
      }),

    view: (principal: FirmPrincipal, flatFeeId: string): Promise<FlatFee> =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal.firmId, flatFeeId), READ_ONLY),

    update: (principal: FirmPrincipal, flatFeeId: string, input: FlatFeeInputParsed): Promise<FlatFee> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockFlatFee(tx, principal.firmId, flatFeeId);
        if (!previous) throw notFound('Flat fee');
        if (previous.invoiceId !== null) throw lockedFlatFee(previous, FLAT_FEE_MESSAGES.locked);
        await checkReferences(tx, principal.firmId, input, previous);
        const values = valuesOf(input);
        await updateFlatFee(tx, principal.firmId, flatFeeId, values);
        await recordAuditEvent(tx, principal, 'flatFee.updated', flatFeeId, changeOf(audited(previous), audited(values)));
        return viewOf(tx, principal.firmId, flatFeeId);
      }),

    /** A soft delete (restorable from the recycle bin later); never once on an invoice. */
    remove: (principal: FirmPrincipal, flatFeeId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockFlatFee(tx, principal.firmId, flatFeeId);
        if (!previous) throw notFound('Flat fee');
        if (previous.invoiceId !== null) throw lockedFlatFee(previous, FLAT_FEE_MESSAGES.lockedDelete);
        await setFlatFeeDeleted(tx, principal.firmId, flatFeeId, principal.userId);
        await recordAuditEvent(tx, principal, 'flatFee.deleted', flatFeeId, { before: audited(previous) });
      }),

    page: (principal: FirmPrincipal, query: ParsedListQuery): Promise<FlatFeePage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const request = requestOf(query);
          const { rows, ...total } = await readListPage(tx, flatFeeList, principal.firmId, request, query);
          const page = { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
          return query.IncludeTotals ? { ...page, totals: await sumFlatFees(tx, principal.firmId, request) } : page;
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: ParsedListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, flatFeeList, requestOf(query), flatFeeCsv),
  };
}
