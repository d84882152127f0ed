import type { PracticeArea } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  findPracticeArea,
  findPracticeAreas,
  insertPracticeArea,
  lockPracticeAreaNames,
  practiceAreaNameTaken,
  renamePracticeArea,
  softDeletePracticeArea,
} from './practice-areas.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';

export type PracticeAreaService = ReturnType<typeof createPracticeAreaService>;

const DUPLICATE_NAME = 'A practice area with this name already exists';

export function createPracticeAreaService(database: Database) {
  async function existing(tx: Tx, practiceAreaId: string): Promise<PracticeArea> {
    const area = await findPracticeArea(tx, practiceAreaId);
    if (!area) throw notFound('Practice area');
    return area;
  }

  return {
    list: (principal: FirmPrincipal): Promise<PracticeArea[]> =>
      database.withFirm(principal.firmId, (tx) => findPracticeAreas(tx, principal.firmId)),

    create: (principal: FirmPrincipal, name: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        await lockPracticeAreaNames(tx, principal.firmId);
        if (await practiceAreaNameTaken(tx, principal.firmId, name, null)) throw conflict(DUPLICATE_NAME, 'NAME_TAKEN');
        const id = await insertPracticeArea(tx, principal.firmId, name);
        await recordAuditEvent(tx, principal, 'practiceArea.created', id, { name });
        return existing(tx, id);
      }),

    update: (principal: FirmPrincipal, practiceAreaId: string, name: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        await lockPracticeAreaNames(tx, principal.firmId);
        const before = await existing(tx, practiceAreaId);
        if (await practiceAreaNameTaken(tx, principal.firmId, name, practiceAreaId)) throw conflict(DUPLICATE_NAME, 'NAME_TAKEN');
        await renamePracticeArea(tx, practiceAreaId, name);
        await recordAuditEvent(tx, principal, 'practiceArea.updated', practiceAreaId, { previousName: before.name, name });
        return existing(tx, practiceAreaId);
      }),

    remove: (principal: FirmPrincipal, practiceAreaId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        await lockPracticeAreaNames(tx, principal.firmId);
        const area = await existing(tx, practiceAreaId);
        if (area.matterCount > 0) {
          throw conflict(`This practice area is used by ${area.matterCount} ${area.matterCount === 1 ? 'matter' : 'matters'}`);
        }
        await softDeletePracticeArea(tx, practiceAreaId);
        await recordAuditEvent(tx, principal, 'practiceArea.deleted', practiceAreaId, { name: area.name });
      }),
  };
}
