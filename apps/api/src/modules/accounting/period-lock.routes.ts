import type { FastifyInstance } from 'fastify';
import { ADMINISTRATOR, periodLockContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createPeriodLockService } from './period-lock.service.ts';

/** The period lock (issue 36): "books closed through", set by an administrator, refused by the database for every posting. */
export function registerPeriodLockRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Accounting']);
  const periodLock = createPeriodLockService(database);

  route(
    contracts.booksClosedThrough,
    {
      // Every member may read it: each form that books a date (a payment, an expense, a trust movement) can say which days are open.
      access: firmAccess(),
      summary: 'The day the firm’s books are closed through: no journal entry may be dated on or before it',
      description:
        'Answers booksClosedThrough (null when every period is open) and firstOpenDate, the first day a posting may be dated. ' +
        'The database refuses any journal entry dated on or before booksClosedThrough, whichever module posts it, with 409 BOOKS_CLOSED.',
    },
    async (request) => ok('Books closed through', await periodLock.view(firmPrincipalOf(request))),
  );

  route(
    contracts.setBooksClosedThrough,
    {
      access: firmAccess(ADMINISTRATOR),
      summary: 'Close the books through a day (administrators): postings dated on or before it are refused from then on',
      description:
        'Sets the period lock and answers it. From then on an invoice issued, a payment, a write-off, an expense paid, a trust movement, ' +
        'a manual journal or a reversal dated on or before that day is refused with 409 BOOKS_CLOSED; corrections are dated after it. ' +
        'An earlier day than the current one reopens the days after it, and null reopens every period. The day must be before today ' +
        'in the firm’s time zone (400). The message says what changed: “Books closed through 31/10/2026”, or which days were reopened. Closing and reopening are audit events (firm.booksClosed, firm.booksReopened).',
    },
    async (request) => {
      const { lock, message } = await periodLock.set(firmPrincipalOf(request), request.body);
      return ok(message, lock);
    },
  );
}
