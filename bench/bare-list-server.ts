import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMINISTRATOR, timeEntryListQuerySchema } from '@matterhorn/shared';
import { defaultDatabasePoolSize } from '../apps/api/src/config.ts';
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

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    answer(request).then(
      (data) => {
        response.writeHead(data === undefined ? 404 : 200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ success: data !== undefined, message: 'Time entries', data: data ?? null }));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}
