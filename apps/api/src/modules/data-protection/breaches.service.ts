import type { z } from 'zod';
import { BREACH_NOTIFY_HOURS, type Breach, type notifyRegulatorSchema, type recordBreachSchema } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  countFirmClients,
  findBreaches,
  insertBreach,
  lockBreach,
  recordClientTold,
  recordRegulatorNotified,
} from './breaches.repository.ts';

/**
 * The breach register (NDPA 2023 s. 40, ADR 92): each incident with what and whose data, when it
 * was found and the 72-hour deadline to tell the regulator counted from then, when and whom the
 * firm told, and the clients to tell, each marked once told. Every entry is audited.
 */
export function createBreaches({ database }: { database: Database }) {
  async function breachOrNotFound(tx: Tx, firmId: string, id: string): Promise<Breach> {
    const [breach] = await findBreaches(tx, firmId, BREACH_NOTIFY_HOURS, id);
    if (!breach) throw notFound('Breach');
    return breach;
  }

  return {
    list: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, (tx) => findBreaches(tx, principal.firmId, BREACH_NOTIFY_HOURS)),

    async record(principal: FirmPrincipal, input: z.output<typeof recordBreachSchema>): Promise<Breach> {
      if (Date.parse(input.discoveredAt) > Date.now() + 60_000) throw badRequest('When found cannot be in the future');
      return database.withFirm(principal.firmId, async (tx) => {
        const clientIds = [...new Set(input.clientIds)];
        if ((await countFirmClients(tx, principal.firmId, clientIds)) !== clientIds.length) throw notFound('Client');
        const id = await insertBreach(tx, principal.firmId, principal.userId, {
          ...input,
          description: input.description ?? '',
          clientIds,
        });
        await recordAuditEvent(tx, principal, 'breach.recorded', id, { discoveredAt: input.discoveredAt, clients: clientIds.length });
        return breachOrNotFound(tx, principal.firmId, id);
      });
    },

    async notifyRegulator(principal: FirmPrincipal, id: string, input: z.output<typeof notifyRegulatorSchema>): Promise<Breach> {
      return database.withFirm(principal.firmId, async (tx) => {
        const locked = await lockBreach(tx, principal.firmId, id);
        if (!locked) throw notFound('Breach');
        if (locked.notified) throw conflict('The regulator has already been told of this breach');
        const breach = await breachOrNotFound(tx, principal.firmId, id);
        if (Date.parse(input.notifiedAt) < Date.parse(breach.discoveredAt))
          throw badRequest('When told cannot be before the breach was found');
        await recordRegulatorNotified(tx, principal.firmId, id, input.notifiedAt, input.notifiedTo);
        await recordAuditEvent(tx, principal, 'breach.regulatorNotified', id, {
          notifiedAt: input.notifiedAt,
          notifiedTo: input.notifiedTo,
          withinDeadline: Date.parse(input.notifiedAt) <= Date.parse(breach.regulatorDeadline),
        });
        return breachOrNotFound(tx, principal.firmId, id);
      });
    },

    async clientTold(principal: FirmPrincipal, id: string, clientId: string): Promise<Breach> {
      return database.withFirm(principal.firmId, async (tx) => {
        if (!(await lockBreach(tx, principal.firmId, id))) throw notFound('Breach');
        if (!(await recordClientTold(tx, principal.firmId, id, clientId))) throw notFound('Client on this breach');
        await recordAuditEvent(tx, principal, 'breach.clientTold', id, { clientId });
        return breachOrNotFound(tx, principal.firmId, id);
      });
    },
  };
}

export type Breaches = ReturnType<typeof createBreaches>;
