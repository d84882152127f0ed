import type { FastifyInstance } from 'fastify';
import { retentionContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Retention } from './retention.service.ts';

const ADMINISTRATORS = firmAccess('administrator');

/** Settings › Data protection › Retention (ADR 92): the monthly reviews, approved by an administrator. */
export function registerRetentionRoutes(app: FastifyInstance, retention: Retention) {
  const route = contractRoutes(app, ['Data protection']);
  route(
    retentionContracts.list,
    { access: ADMINISTRATORS, summary: 'The monthly retention reviews (a year of them), newest first, with what each found due' },
    async (request) => ok('Retention reviews', await retention.list(firmPrincipalOf(request))),
  );
  route(
    retentionContracts.findNow,
    {
      access: ADMINISTRATORS,
      summary: 'This month’s retention review: found now if the monthly job has not yet found it (nothing changes until approved)',
    },
    async (request) => ok('Retention review', await retention.findNow(firmPrincipalOf(request))),
  );
  route(
    retentionContracts.approve,
    {
      access: ADMINISTRATORS,
      summary:
        'Approves a review: its clients are anonymised (one no longer due is kept) and its closed matters’ files go to the recycle bin',
      description: '404 for another firm’s review; 409 when it is already approved. Audited with what was done to which records.',
    },
    async (request) => ok('Retention review approved', await retention.approve(firmPrincipalOf(request), request.params.id)),
  );
}
