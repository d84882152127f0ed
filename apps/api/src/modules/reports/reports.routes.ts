import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { auditChainVerifyRoute, reportPresetContracts } from '@matterhorn/shared';
import { verifyAuditChain } from './audit-trail.repository.ts';
import { reportCsvParts, reportPdf } from './report-files.ts';
import { createReportPresetService } from './report-presets.service.ts';
import { REPORT_DEFINITIONS } from './report-list.ts';
import { summaryPageOf } from './report-definition.ts';
import { createReportRunner } from './reports.service.ts';

const tags = ['Reports'];
/**
 * Entries read per page of a whole CSV: 100,000 entries take ~30 s with the API's memory within
 * 50 MB (2,000 a page kept ~70 MB of garbage alive; 500 took a minute re-finding each page).
 */
const CSV_PAGE_SIZE = 1_000;

const FILE_DESCRIPTION =
  'Answers rows, totals, the formula and date basis in words, the rounding, and the tie-out checks (name, expected, actual, pass). ' +
  'The summary’s rows come a page at a time (Page, Size; totals and checks over every row). ' +
  'Level=entries lists the entries behind a figure, a page at a time (Page, Size), with the row’s and column’s drill filters. ' +
  'format=csv answers text/csv and format=pdf application/pdf with the rows (every page of them), totals and footer of the JSON answer.';

/** The report centre (issue 37, PRODUCT.md module 13): every report under /api/admin/reports/, JSON, CSV or PDF. */
export function registerReportRoutes(
  app: FastifyInstance,
  { database, outbox, appUrl }: { database: Database; outbox: Outbox; appUrl: string },
) {
  const route = contractRoutes(app, tags);
  const runReport = createReportRunner(database);
  const presets = createReportPresetService(database, { outbox, appUrl });

  route(
    auditChainVerifyRoute,
    {
      access: firmAccess('viewReportsAuditTrail'),
      summary: 'Walks the firm’s tamper-evident audit trail and names the first record that does not hold',
      description:
        'Each audit record carries the SHA-256 of its canonical content, which includes the previous record’s hash. ' +
        'Answers how many records were checked, the newest hash (to keep elsewhere: a record cut from the end shows then), ' +
        'and the first record edited (contentChanged) or removed, added or reordered before it (linkBroken), or null.',
    },
    async (request) => {
      const { firmId } = firmPrincipalOf(request);
      const chain = await database.withFirm(firmId, (tx) => verifyAuditChain(tx, firmId));
      return ok(chain.firstBreak ? 'The audit trail has been tampered with' : 'The audit trail is intact', {
        isIntact: chain.firstBreak === null,
        ...chain,
      });
    },
  );
  route(
    reportPresetContracts.presets,
    {
      access: firmAccess('Reports'),
      summary: 'The signed-in user’s saved report presets, by report then name (Report: one report’s)',
      description: 'Answers each preset’s report, name, filters, and its schedule, recipients, next sending day and last send.',
    },
    async (request) => ok('Report presets', await presets.list(firmPrincipalOf(request), request.query.Report)),
  );
  route(
    reportPresetContracts.savePreset,
    {
      access: firmAccess('Reports'),
      summary: 'Saves a report’s filters under a name for the signed-in user; a name already used for that report replaces its filters',
      description:
        'The filters must be ones the report takes (400 otherwise); format, Level, Page and Size are not kept. A Period ' +
        '(last-7-days, last-month, month-to-date, year-to-date) is turned into From and To on each day the preset is opened or sent.',
    },
    async (request) => ok('Preset saved', await presets.save(firmPrincipalOf(request), request.body)),
  );
  route(
    reportPresetContracts.schedulePreset,
    {
      access: firmAccess('Reports'),
      summary: 'Schedules one of the user’s presets to be e-mailed weekly (Mondays) or monthly (the 1st) as PDF and CSV; null stops it',
      description:
        'Every recipient must be an active team member who may read the report (400 otherwise). Answers the preset with its next sending day.',
    },
    async (request) => ok('Preset scheduled', await presets.schedule(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    reportPresetContracts.sendPreset,
    {
      access: firmAccess('Reports'),
      summary: 'E-mails one of the user’s presets now, as PDF and CSV, to its recipients (or to the user when it has none)',
      description: 'What a scheduled send would send, today; recipients who may no longer read the report are left out.',
    },
    async (request) => ok('Report sent', await presets.sendNow(firmPrincipalOf(request), request.params.id)),
  );
  route(
    reportPresetContracts.deletePreset,
    { access: firmAccess('Reports'), summary: 'Deletes one of the user’s presets (and its schedule)' },
    async (request) => ok('Preset deleted', await presets.remove(firmPrincipalOf(request), request.params.id)),
  );

  for (const report of REPORT_DEFINITIONS) {
    route(
      report.contract,
      { access: firmAccess(report.permission), summary: `${report.title}: ${report.summary}`, description: FILE_DESCRIPTION },
      async (request, reply) => {
        const principal = firmPrincipalOf(request);
        const isWholeCsv = request.query.format === 'csv' && request.query.Level === 'entries';
        const { answer, context } = await runReport(
          principal,
          report,
          isWholeCsv ? { ...request.query, Page: 1, Size: CSV_PAGE_SIZE } : request.query,
        );
        const fileName = `${report.name}-${context.today}`;
        if (request.query.format === 'csv') {
          const csv = reportCsvParts(answer, context.timeZone);
          const totalCount = isWholeCsv && answer.page ? answer.page.totalCount : 0;
          // The entries behind a figure, every page of them: each page is its own short read, written before
          // the next is read, so memory stays flat and no connection waits on a slow download.
          async function* pages() {
            yield csv.head + csv.rows(answer.rows);
            let written = answer.rows.length;
            for (let page = 2; written < totalCount; page += 1) {
              const next = await runReport(principal, report, { ...request.query, Page: page, Size: CSV_PAGE_SIZE });
              if (next.answer.rows.length === 0) break;
              written += next.answer.rows.length;
              yield csv.rows(next.answer.rows);
            }
            yield csv.tail;
          }
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileName}.csv"`)
            .send(Readable.from(pages()));
        }
        if (request.query.format === 'pdf')
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-store')
            .send(await reportPdf(answer, context.firmName));
        return ok(report.title, summaryPageOf(answer, request.query));
      },
    );
  }
}
