import type { z } from 'zod';
import {
  matterConflictNames,
  type matterCloseInputSchema,
  type matterInputSchema,
  type MatterName,
  type MatterView,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { binChildrenWith, restoreChildrenWith } from '../recycle-bin/recycle-bin.api.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { checkCustomFields } from './matter-custom-fields.ts';
import {
  findActiveUserIds,
  findClientForMatter,
  findMatterCustomFields,
  findMatterDetail,
  findMatterNamesOfClient,
  findPracticeAreaIds,
  insertMatter,
  isClientDeleted,
  lockMatter,
  replaceMatterLinks,
  setMatterDeleted,
  setMatterStatus,
  updateMatter,
  type MatterValues,
} from './matters.repository.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import type { ConflictGate } from '../conflict-checks/conflict-checks.api.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { recordView } from '../record-views/record-views.api.ts';

type MatterInput = z.output<typeof matterInputSchema>;
type MatterCloseInput = z.output<typeof matterCloseInputSchema>;
export type MatterService = ReturnType<typeof createMatterService>;

export const formatMatterNumber = (sequence: number) => `MAT-${String(sequence).padStart(5, '0')}`;

export function createMatterService(database: Database, conflictGate: ConflictGate) {
  /** Every id in the body is looked up in the firm's own transaction first: another firm's id is simply not there. */
  async function checkReferences(tx: Tx, firmId: string, input: MatterInput, previousClientId: string | null) {
    const client = await findClientForMatter(tx, input.clientId);
    if (!client) throw notFound('Client');
    if (client.status === 'archived' && input.clientId !== previousClientId) {
      throw badRequest('Archived clients cannot take new matters', { clientId: 'Archived clients cannot take new matters' });
    }
    const userIds = input.assignees.map((assignee) => assignee.userId);
    if ((await findActiveUserIds(tx, userIds)).length !== userIds.length) {
      throw badRequest('Fee earner not found', { assignees: 'Fee earner not found' });
    }
    const practiceAreaIds = [...new Set(input.practiceAreaIds)];
    if ((await findPracticeAreaIds(tx, practiceAreaIds)).length !== practiceAreaIds.length) {
      throw badRequest('Practice area not found', { practiceAreaIds: 'Practice area not found' });
    }
    checkCustomFields(await findMatterCustomFields(tx), input.customFields);
    return { practiceAreaIds };
  }

  function valuesOf(input: MatterInput, matterOpenDate: string): MatterValues {
    return {
      clientId: input.clientId,
      matterName: input.matterName,
      billingType: input.matterRate,
      description: input.description ?? '',
      shelfLocation: input.shelfLocation,
      clientMatterReference: input.clientMatterReference,
      matterOpenDate,
      hourlyRate: input.hourlyRate,
      flatRate: input.flatRate,
      contingencyPercentage: input.contingencyPercentage,
      customFields: input.customFields,
    };
  }

  function linksOf(input: MatterInput, practiceAreaIds: string[]) {
    return {
      assignees: input.assignees.map(({ userId, hourlyRate }) => ({ userId, hourlyRate })),
      parties: input.parties.map((party) => ({ ...party, notes: party.notes ?? '' })),
      practiceAreaIds,
    };
  }

  async function viewOf(tx: Tx, matterId: string): Promise<MatterView> {
    const matter = await findMatterDetail(tx, matterId);
    if (!matter) throw notFound('Matter');
    return {
      id: matter.id,
      matterNumber: matter.matterNumber,
      matterName: matter.matterName,
      matterRate: matter.billingType,
      description: matter.description,
      status: matter.status,
      matterPracticeAreas: matter.practiceAreas,
      shelfLocation: matter.shelfLocation,
      clientMatterReference: matter.clientMatterReference,
      matterAssignedToInfos: matter.assignees,
      matterOpenDate: matter.matterOpenDate,
      matterCloseDate: matter.matterCloseDate,
      hourlyRates: matter.hourlyRate,
      hourlyRatesActual: matter.assignees.map(({ userId, name, hourlyRate }) => ({ userId, name, rate: hourlyRate })),
      flatRate: matter.flatRate,
      contigencyRate: matter.contingencyPercentage,
      contingencyPercentage: matter.contingencyPercentage,
      client: { id: matter.clientId, name: matter.clientName, clientType: matter.clientType },
      parties: matter.parties,
      customFields: matter.customFields,
      createdAt: matter.createdAt.toISOString(),
      updatedAt: matter.updatedAt.toISOString(),
    };
  }

  /** A matter that exists in this firm and is not deleted, locked for the change. */
  async function lockLiveMatter(tx: Tx, matterId: string) {
    const matter = await lockMatter(tx, matterId);
    if (!matter || matter.deletedAt) throw notFound('Matter');
    return matter;
  }

  return {
    /** The matter's page: read, then recorded as viewed (who looked, ADR 92) in the same request. */
    view: async (principal: FirmPrincipal, matterId: string) => {
      const matter = await database.withFirm(principal.firmId, (tx) => viewOf(tx, matterId), READ_ONLY);
      await recordView(database, principal, { clientId: matter.client.id, matterId: matter.id, recordType: 'matter', recordId: matter.id });
      return matter;
    },

    matterNamesOfClient: (principal: FirmPrincipal, clientId: string): Promise<MatterName[]> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await findClientForMatter(tx, clientId))) throw notFound('Client');
        return findMatterNamesOfClient(tx, principal.firmId, clientId);
      }),

    create: (principal: FirmPrincipal, input: MatterInput) =>
      database.withFirm(principal.firmId, async (tx) => {
        const { practiceAreaIds } = await checkReferences(tx, principal.firmId, input, null);
        const openDate = input.matterOpenDate ?? (await findFirmToday(tx, principal.firmId));
        const matterNumber = formatMatterNumber(await takeNextNumber(tx, principal.firmId, 'matter'));
        const matterId = await insertMatter(tx, principal.firmId, {
          ...valuesOf(input, openDate),
          matterNumber,
          createdByUserId: principal.userId,
        });
        await replaceMatterLinks(tx, principal.firmId, matterId, linksOf(input, practiceAreaIds));
        await conflictGate.clearForSave(tx, principal.firmId, {
          conflictCheckId: input.conflictCheckId,
          names: matterConflictNames(input),
          record: { matterId },
        });
        await recordAuditEvent(tx, principal, 'matter.created', matterId, {
          matterNumber,
          matterName: input.matterName,
          clientId: input.clientId,
        });
        return viewOf(tx, matterId);
      }),

    update: (principal: FirmPrincipal, matterId: string, input: MatterInput) =>
      database.withFirm(principal.firmId, async (tx) => {
        const matter = await lockLiveMatter(tx, matterId);
        const { practiceAreaIds } = await checkReferences(tx, principal.firmId, input, matter.clientId);
        const openDate = input.matterOpenDate ?? matter.matterOpenDate;
        if (matter.matterCloseDate && openDate > matter.matterCloseDate) {
          throw badRequest('Open date cannot be after the close date', { matterOpenDate: 'Open date cannot be after the close date' });
        }
        const before = await viewOf(tx, matterId);
        await updateMatter(tx, matterId, valuesOf(input, openDate));
        await replaceMatterLinks(tx, principal.firmId, matterId, linksOf(input, practiceAreaIds));
        // Only names new to this matter need a check: its saved name and parties were checked before.
        await conflictGate.clearForSave(tx, principal.firmId, {
          conflictCheckId: input.conflictCheckId,
          names: matterConflictNames(input, [before.matterName, ...before.parties.map((party) => party.name)]),
          record: { matterId },
        });
        const after = await viewOf(tx, matterId);
        await recordAuditEvent(tx, principal, 'matter.updated', matterId, changeOf(before, after));
        return after;
      }),

    close: (principal: FirmPrincipal, matterId: string, input: MatterCloseInput | null | undefined) =>
      database.withFirm(principal.firmId, async (tx) => {
        const matter = await lockLiveMatter(tx, matterId);
        if (matter.status === 'Closed') throw conflict('This matter is already closed');
        const closeDate = input?.matterCloseDate ?? (await findFirmToday(tx, principal.firmId));
        if (closeDate < matter.matterOpenDate) {
          throw badRequest('Close date cannot be before the open date', { matterCloseDate: 'Close date cannot be before the open date' });
        }
        await setMatterStatus(tx, matterId, 'Closed', closeDate);
        await recordAuditEvent(tx, principal, 'matter.closed', matterId, { matterCloseDate: closeDate });
        return viewOf(tx, matterId);
      }),

    reopen: (principal: FirmPrincipal, matterId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const matter = await lockLiveMatter(tx, matterId);
        if (matter.status === 'Open') throw conflict('This matter is already open');
        await setMatterStatus(tx, matterId, 'Open', null);
        await recordAuditEvent(tx, principal, 'matter.reopened', matterId, { previousCloseDate: matter.matterCloseDate });
        return viewOf(tx, matterId);
      }),

    remove: (principal: FirmPrincipal, matterId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        await lockLiveMatter(tx, matterId);
        // Its time, expenses, fees, notes, court updates and documents go to the bin with it.
        await binChildrenWith(tx, principal.firmId, { kind: 'matter', id: matterId }, principal.userId);
        await setMatterDeleted(tx, matterId, principal.userId);
        await recordAuditEvent(tx, principal, 'matter.deleted', matterId);
      }),

    restore: (principal: FirmPrincipal, matterId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const matter = await lockMatter(tx, matterId);
        if (!matter) throw notFound('Matter');
        if (!matter.deletedAt) throw conflict('This matter is not deleted');
        if (await isClientDeleted(tx, matter.clientId)) throw conflict("Restore the matter's client first");
        await restoreChildrenWith(tx, principal.firmId, { kind: 'matter', id: matterId });
        await setMatterDeleted(tx, matterId, null);
        await recordAuditEvent(tx, principal, 'matter.restored', matterId);
        return viewOf(tx, matterId);
      }),
  };
}
