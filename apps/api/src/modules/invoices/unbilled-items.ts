import type { z } from 'zod';
import type { UnbilledItems, unbilledItemsQuerySchema } from '@matterhorn/shared';
import { type Database, READ_ONLY } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findUnbilledExpenses } from '../expenses/expenses.api.ts';
import { findUnbilledFlatFees } from '../flat-fees/flat-fees.api.ts';
import { findUnbilledTimeEntries } from '../time-entries/time-entries.api.ts';
import { findClient } from './invoices.repository.ts';

type UnbilledQuery = z.output<typeof unbilledItemsQuerySchema>;

/** What can be billed to a client (optionally on some matters, between two dates): fees, expenses and flat fees not on a live invoice. */
export const findUnbilledItems = (database: Database, principal: FirmPrincipal, query: UnbilledQuery): Promise<UnbilledItems> =>
  database.withFirm(
    principal.firmId,
    async (tx) => {
      if (!(await findClient(tx, principal.firmId, query.ClientId))) throw notFound('Client');
      const filter: UnbilledItemFilter = { clientId: query.ClientId, matterIds: query.MatterId, from: query.From, to: query.To };
      const [timeEntries, expenses, flatFees] = await Promise.all([
        findUnbilledTimeEntries(tx, principal.firmId, filter),
        findUnbilledExpenses(tx, principal.firmId, filter),
        findUnbilledFlatFees(tx, principal.firmId, filter),
      ]);
      return { timeEntries: timeEntries.map(({ activityCode: _code, ...entry }) => entry), expenses, flatFees };
    },
    READ_ONLY,
  );
