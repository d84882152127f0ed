import type { z } from 'zod';
import type { firmSetupRequestSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { currencyExists, insertAuditEvent, updateFirmSetup } from './firm.repository.ts';

export type FirmService = ReturnType<typeof createFirmService>;

export function createFirmService(database: Database) {
  return {
    async setUp(principal: FirmPrincipal, input: z.output<typeof firmSetupRequestSchema>) {
      if (!Intl.supportedValuesOf('timeZone').includes(input.timeZone) && input.timeZone !== 'UTC') {
        throw badRequest('Choose a time zone from the list', { timeZone: 'Choose a time zone from the list' });
      }
      try {
        await database.withFirm(principal.firmId, async (tx) => {
          if (!(await currencyExists(tx, input.homeCurrencyId)))
            throw badRequest('Home currency is required', { homeCurrencyId: 'Home currency is required' });
          await updateFirmSetup(tx, principal.firmId, {
            name: input.firmName,
            portalSlug: input.portalSlug,
            country: input.country,
            homeCurrencyId: input.homeCurrencyId,
            multicurrency: input.multicurrency,
            timeZone: input.timeZone,
            logo: input.logo ?? null,
          });
          await insertAuditEvent(tx, {
            firmId: principal.firmId,
            actorUserId: principal.userId,
            action: 'firm.setup',
            entityType: 'firm',
            entityId: principal.firmId,
            details: {
              firmName: input.firmName,
              portalSlug: input.portalSlug,
              homeCurrencyId: input.homeCurrencyId,
              multicurrency: input.multicurrency,
            },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That portal address is already taken. Please choose another.');
        throw error;
      }
    },
  };
}
