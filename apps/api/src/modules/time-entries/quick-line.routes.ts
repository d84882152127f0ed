import type { FastifyInstance } from 'fastify';
import { QUICK_LINE_CLEAR_MARGIN, quickLineContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createQuickLineService } from './quick-line.service.ts';
import { QUICK_LINE_CANDIDATES } from './quick-line.rules.ts';

/** Quick add on /time-entries (issue 44): the matter a typed line names, for the member to confirm. */
export function registerQuickLineRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Time entries']);
  const quickLine = createQuickLineService(database);

  route(
    contracts.match,
    {
      access: firmAccess('timeEntry.create'),
      summary: 'Quick add: the open matters a line such as "Adeyemi v Bello drafted statement of claim" names, and its narrative',
      description:
        'Text is the line after its duration. A matter number in it (MAT-00012) answers that matter when it is open; else the leading words are matched ' +
        'by trigram word similarity against each open matter’s name, number and client’s name, and the words the best matter holds are taken off to leave the narrative. ' +
        `Answers at most ${QUICK_LINE_CANDIDATES} of the firm’s open, live matters, best first, and isClearWinner when no second scores within ${QUICK_LINE_CLEAR_MARGIN} of the first. ` +
        'Records nothing.',
    },
    async (request) => ok('Matters for the line', await quickLine.match(firmPrincipalOf(request), request.query.Text)),
  );
}
