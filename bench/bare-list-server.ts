import type { IncomingMessage } from 'node:http';
import { ADMINISTRATOR, timeEntryListQuerySchema } from '@matterhorn/shared';
import { defaultDatabasePoolSize } from '../apps/api/src/config.ts';
import { startJsonAnswerServer } from './json-answer-server.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import type { FirmPrincipal } from '../apps/api/src/plugins/route-access.ts';
import { findTimeEntryPage } from '../apps/api/src/modules/time-entries/time-entry-list.repository.ts';
import { createTimeEntryListService, requestOf } from '../apps/api/src/modules/time-entries/time-entry-list.service.ts';

/**
 * Issue 4's yardstick: the time-entry list's own SQL served by a bare node:http handler, with no
 * session check, permission check or framework, so the route's requests/s can be read as a share
 * of what its queries alone allow. It runs as a firm administrator of one firm, in its own child
 * process (like the API) with its own pool of 10 connections.
 *
 * - `/list?…`: the route's whole transaction, through the same service function the route calls
 *   (createTimeEntryListService(…).page: the page, the capped count and the filter's totals).
 * - `/page?…`: findTimeEntryPage alone inside database.withFirm: what the page's one statement (its
 *   rows and capped count) costs without the totals.
 */
export type BareListSpec = { kind: 'bare-list'; databaseUrl: string; firmId: string; userId: string };

export async function startBareList(spec: BareListSpec) {
  const database = openDatabase({ databaseUrl: spec.databaseUrl, poolSize: defaultDatabasePoolSize() });
  const principal: FirmPrincipal = {
    kind: 'firm',
    sessionId: 'bench',
    firmId: spec.firmId,
    userId: spec.userId,
    adminUserId: spec.userId,
    permissions: [ADMINISTRATOR],
    isVerified: true,
  };
  const list = createTimeEntryListService(database);

  async function answer(request: IncomingMessage): Promise<unknown> {
    const url = new URL(request.url ?? '/', 'http://bench');
    const query = timeEntryListQuerySchema.parse(Object.fromEntries(url.searchParams));
    if (url.pathname === '/list') return list.page(principal, query);
    if (url.pathname === '/page') {
      return database.withFirm(spec.firmId, (tx) => findTimeEntryPage(tx, spec.firmId, requestOf(principal, query), query));
    }
    return undefined;
  }

  return startJsonAnswerServer('Time entries', answer, () => database.close());
}
