import { DURATION_DECIMALS, MATTER_CALL_MESSAGES, toScaled, type logCallSchema, type MatterCall } from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordWork } from '../time-suggestions/time-suggestions.api.ts';
import { findCall, findCallMatter, findCalls, insertCall } from './matter-calls.repository.ts';

export const CALLS_LISTED = 100;

/** Decimal hours to whole minutes, at least one (half up): "0.25" → 15. */
export const minutesOf = (hours: string) => Math.max(1, Number((toScaled(hours, DURATION_DECIMALS) * 60n + 5000n) / 10_000n));

export type MatterCallService = ReturnType<typeof createMatterCallService>;

export function createMatterCallService(database: Database) {
  return {
    /** The call is the member's work on the matter too: Suggested time proposes its length. */
    log: (principal: FirmPrincipal, input: z.output<typeof logCallSchema>): Promise<MatterCall> =>
      database.withFirm(principal.firmId, async (tx) => {
        const matter = await findCallMatter(tx, principal.firmId, input.matterId);
        if (!matter) throw notFound('Matter');
        if (!matter.isOpen) throw badRequest(MATTER_CALL_MESSAGES.matterClosed, { matterId: MATTER_CALL_MESSAGES.matterClosed });
        const minutes = minutesOf(input.duration);
        const id = await insertCall(tx, principal.firmId, principal.userId, { ...input, minutes });
        await recordAuditEvent(tx, principal, 'matter.callLogged', input.matterId, { callId: id, callDate: input.callDate, minutes });
        await recordWork(tx, principal, {
          matterId: input.matterId,
          kind: 'callLogged',
          subject: input.withWhom,
          seconds: minutes * 60,
          sourceId: id,
          workDate: input.callDate,
        });
        return (await findCall(tx, principal.firmId, id))!;
      }),

    list: (principal: FirmPrincipal, matterId: string): Promise<MatterCall[]> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          if (!(await findCallMatter(tx, principal.firmId, matterId))) throw notFound('Matter');
          return findCalls(tx, principal.firmId, matterId, CALLS_LISTED);
        },
        READ_ONLY,
      ),
  };
}
