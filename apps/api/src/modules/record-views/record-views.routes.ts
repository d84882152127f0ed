import type { FastifyInstance } from 'fastify';
import { recordViewContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { RecordViews } from './record-views.service.ts';

/** "Who looked" (ADR 92), beside the audit trail: the same permission reads it. */
export function registerRecordViewRoutes(app: FastifyInstance, views: RecordViews) {
  const route = contractRoutes(app, ['Reports']);
  route(
    recordViewContracts.list,
    {
      access: firmAccess('viewReportsAuditTrail'),
      summary: 'Who looked: each view by a team member of a client’s matters, documents and trust ledger, newest first',
      description:
        'Answers a page (PageNumber, PageSize) of the client’s views: when, who, what (record type, id and current name) and the matter. ' +
        'Views of a matter’s page, a document (opened, downloaded or previewed), a folder’s list of documents and a trust ledger are ' +
        'recorded as they are answered; the same member opening the same record again within a minute counts once. ' +
        'Filters: UserId, RecordType, From and To (whole days in the firm’s time zone). 404 for a client the firm does not have.',
    },
    async (request) => ok('Who looked', await views.list(firmPrincipalOf(request), request.query)),
  );
}
