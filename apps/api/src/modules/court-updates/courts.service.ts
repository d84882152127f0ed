import type { z } from 'zod';
import type { Court, courtInputSchema } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  findCourts,
  insertCourt,
  isCourtNameTaken,
  lockCourt,
  lockCourtNames,
  setCourtDeleted,
  updateCourt,
  type CourtValues,
} from './courts.repository.ts';

export type CourtService = ReturnType<typeof createCourtService>;
type CourtInputParsed = z.output<typeof courtInputSchema>;

export const COURT_DUPLICATE_MESSAGE = 'The firm already has this court (same name and division)';

const valuesOf = (input: CourtInputParsed): CourtValues => ({ name: input.name, division: input.division, address: input.address });
const courtOf = ({ id, name, division, address }: CourtValues & { id: string }): Court => ({ id, name, division, address });

/** The firm's list of courts: a court is named once per division (ignoring case), and a deleted one still names its court updates. */
export function createCourtService(database: Database) {
  return {
    list: (principal: FirmPrincipal): Promise<Court[]> =>
      database.withFirm(principal.firmId, async (tx) => (await findCourts(tx, principal.firmId)).map(courtOf), READ_ONLY),

    create: (principal: FirmPrincipal, input: CourtInputParsed): Promise<Court> =>
      database.withFirm(principal.firmId, async (tx) => {
        const values = valuesOf(input);
        await lockCourtNames(tx, principal.firmId);
        if (await isCourtNameTaken(tx, principal.firmId, values, null)) throw conflict(COURT_DUPLICATE_MESSAGE, 'NAME_TAKEN');
        const id = await insertCourt(tx, principal.firmId, values);
        await recordAuditEvent(tx, principal, 'court.created', id, { after: values });
        return courtOf({ id, ...values });
      }),

    update: (principal: FirmPrincipal, courtId: string, input: CourtInputParsed): Promise<Court> =>
      database.withFirm(principal.firmId, async (tx) => {
        const values = valuesOf(input);
        await lockCourtNames(tx, principal.firmId);
        const previous = await lockCourt(tx, principal.firmId, courtId);
        if (!previous) throw notFound('Court');
        if (await isCourtNameTaken(tx, principal.firmId, values, courtId)) throw conflict(COURT_DUPLICATE_MESSAGE, 'NAME_TAKEN');
        await updateCourt(tx, principal.firmId, courtId, values);
        await recordAuditEvent(tx, principal, 'court.updated', courtId, changeOf(valuesOf(previous), values));
        return courtOf({ id: courtId, ...values });
      }),

    /** A soft delete: the court leaves the form's list; court updates heard there keep its name. */
    remove: (principal: FirmPrincipal, courtId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockCourt(tx, principal.firmId, courtId);
        if (!previous) throw notFound('Court');
        await setCourtDeleted(tx, principal.firmId, courtId);
        await recordAuditEvent(tx, principal, 'court.deleted', courtId, { before: valuesOf(previous) });
      }),
  };
}
