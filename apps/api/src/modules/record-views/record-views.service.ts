import { recordViewQuerySchema, type RecordViewPage, type RecordViewQuery } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { findFirmTimeZone } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { countRecordViews, findClientName, findRecordViews } from './record-views.repository.ts';

export type RecordViews = ReturnType<typeof createRecordViews>;

export function createRecordViews({ database }: { database: Database }) {
  return {
    /** A client's views, newest first, a page at a time; 404 for a client the firm does not have. */
    list: (principal: FirmPrincipal, input: RecordViewQuery): Promise<RecordViewPage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const query = recordViewQuerySchema.parse(input);
          const firmId = principal.firmId;
          const clientName = await findClientName(tx, firmId, query.ClientId);
          if (clientName === null) throw notFound('Client');
          const filters = { clientId: query.ClientId, userId: query.UserId, recordType: query.RecordType, from: query.From, to: query.To };
          const rows = await findRecordViews(tx, firmId, filters, {
            limit: query.PageSize,
            offset: (query.PageNumber - 1) * query.PageSize,
          });
          const totalCount = rows[0]?.total ?? (query.PageNumber > 1 ? await countRecordViews(tx, firmId, filters) : 0);
          return {
            clientId: query.ClientId,
            clientName,
            timeZone: await findFirmTimeZone(tx, firmId),
            data: rows.map(({ total: _total, viewedAt, ...row }) => ({ ...row, viewedAt: new Date(viewedAt).toISOString() })),
            page: query.PageNumber,
            size: query.PageSize,
            totalCount,
          };
        },
        READ_ONLY,
      ),
  };
}
