import type { ActivityType } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './activity-types.repository.ts';
import { recordAuditEvent, type AuditEvent } from '../../platform/audit/audit.ts';

export const ACTIVITY_TYPE_TAKEN = 'An activity type with this name already exists';

export type ActivityTypeInput = { activityType: string; utbmsCode?: string | null };
export type ActivityTypesService = ReturnType<typeof createActivityTypesService>;

export function createActivityTypesService(database: Database) {
  const audit = (tx: Tx, principal: FirmPrincipal, event: AuditEvent, row: ActivityType) =>
    recordAuditEvent(tx, principal, event, row.id, { activityType: row.activityType, utbmsCode: row.utbmsCode });

  async function assertNameFree(tx: Tx, firmId: string, name: string, exceptId?: string) {
    if (await repository.activityTypeNameTaken(tx, firmId, name, exceptId)) throw conflict(ACTIVITY_TYPE_TAKEN, 'NAME_TAKEN');
  }

  return {
    async list(principal: FirmPrincipal): Promise<ActivityType[]> {
      return database.withFirm(principal.firmId, (tx) => repository.listActivityTypes(tx, principal.firmId));
    },

    async create(principal: FirmPrincipal, input: ActivityTypeInput): Promise<ActivityType> {
      return database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        await assertNameFree(tx, principal.firmId, input.activityType);
        const row = await repository.insertActivityType(tx, {
          firmId: principal.firmId,
          activityType: input.activityType,
          utbmsCode: input.utbmsCode ?? null,
        });
        await audit(tx, principal, 'activityType.created', row);
        return row;
      });
    },

    async update(principal: FirmPrincipal, id: string, input: ActivityTypeInput): Promise<ActivityType> {
      return database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        if (!(await repository.findActivityType(tx, principal.firmId, id))) throw notFound('Activity type');
        await assertNameFree(tx, principal.firmId, input.activityType, id);
        const row = await repository.updateActivityType(tx, principal.firmId, id, {
          activityType: input.activityType,
          utbmsCode: input.utbmsCode ?? null,
        });
        if (!row) throw notFound('Activity type');
        await audit(tx, principal, 'activityType.updated', row);
        return row;
      });
    },

    /** Soft delete: time entries keep pointing at it, new entries no longer offer it. */
    async remove(principal: FirmPrincipal, id: string): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        const row = await repository.softDeleteActivityType(tx, principal.firmId, id);
        if (!row) throw notFound('Activity type');
        await audit(tx, principal, 'activityType.deleted', row);
      });
    },
  };
}
