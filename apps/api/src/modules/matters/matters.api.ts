import type { Tx } from '../../db/database.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { insertMatter, replaceMatterLinks, type MatterValues } from './matters.repository.ts';
import { formatMatterNumber } from './matters.service.ts';
/** What other modules may do to matters: the team module hands a departing member's open matters to a colleague. */
export { countOpenMattersOf, reassignOpenMatters } from './matters.repository.ts';
/** A matter from a bulk import (the bulk-import module). */
export { importMatter, type ImportedMatter } from './matter-import.ts';

export type OpenedMatter = {
  clientId: string;
  matterName: string;
  description: string;
  billingType: MatterValues['billingType'];
  hourlyRate: string | null;
  flatRate: string | null;
  contingencyPercentage: string | null;
  responsible: { userId: string; hourlyRate: string };
  practiceAreaIds: string[];
  opposingParties: { name: string; partyType: 'individual' | 'company' }[];
};

/**
 * A matter opened from a lead's engagement terms (issue 45), in the caller's transaction: numbered,
 * opened today in the firm's time zone, its responsible fee earner, practice area and opposing
 * parties, audited as any new matter. The conflict check is the caller's to record against it.
 */
export async function openMatter(
  tx: Tx,
  principal: FirmPrincipal,
  matter: OpenedMatter,
): Promise<{ matterId: string; matterNumber: string }> {
  const { firmId } = principal;
  const matterNumber = formatMatterNumber(await takeNextNumber(tx, firmId, 'matter'));
  const matterId = await insertMatter(tx, firmId, {
    clientId: matter.clientId,
    matterName: matter.matterName,
    billingType: matter.billingType,
    description: matter.description,
    shelfLocation: null,
    clientMatterReference: null,
    matterOpenDate: await findFirmToday(tx, firmId),
    hourlyRate: matter.hourlyRate,
    flatRate: matter.flatRate,
    contingencyPercentage: matter.contingencyPercentage,
    customFields: {},
    matterNumber,
    createdByUserId: principal.userId,
  });
  await replaceMatterLinks(tx, firmId, matterId, {
    assignees: [matter.responsible],
    parties: matter.opposingParties.map((party) => ({ ...party, partyRole: 'opposing' as const, notes: '' })),
    practiceAreaIds: matter.practiceAreaIds,
  });
  await recordAuditEvent(tx, principal, 'matter.created', matterId, {
    matterNumber,
    matterName: matter.matterName,
    clientId: matter.clientId,
  });
  return { matterId, matterNumber };
}
