import type { FastifyBaseLogger } from 'fastify';
import { hasPermissions, isoToDisplayDate, nextSendingDay, presetQueryOn } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { reportCsv, reportPdf } from './report-files.ts';
import { reportDefinitionOf, type AnyReportDefinition } from './report-list.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import { findRecipients, lockDuePresets, markSent, type PresetRow } from './report-presets.repository.ts';
import { runReportIn } from './reports.service.ts';

export const SCHEDULED_REPORTS_JOB = 'scheduled-reports';

export type ScheduledReportDependencies = {
  database: Database;
  outbox: Outbox;
  appUrl: string;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
};

/**
 * Sends every scheduled preset that is due, firm by firm: the report as its owner would see it
 * today (a Period moves with the calendar), as PDF and CSV, to each recipient who may still read
 * it; then the preset's next sending day. The e-mails are queued in the same transaction that moves
 * the date, so a run that fails sends nothing and the next run tries again.
 */
export async function sendDueReports({ database, outbox, appUrl, logger }: ScheduledReportDependencies): Promise<number> {
  let sent = 0;
  for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
    sent += await database.withFirm(firmId, async (tx) => {
      const today = await findFirmToday(tx, firmId);
      let queued = 0;
      for (const preset of await lockDuePresets(tx, firmId, today)) {
        const next = nextSendingDay(preset.schedule!, today);
        const report = reportDefinitionOf(preset.report);
        const query = report?.contract.query.safeParse(presetQueryOn(preset.query, today));
        if (!report || !query?.success) {
          logger?.warn({ firmId, presetId: preset.id }, 'a scheduled report preset no longer fits its report: skipped');
          await markSent(tx, firmId, preset.id, next);
          continue;
        }
        queued += await queuePresetEmails(tx, { firmId, today, appUrl, outbox }, preset, report, query.data);
        await markSent(tx, firmId, preset.id, next);
      }
      if (queued > 0) logger?.info({ firmId, emails: queued }, 'scheduled reports sent');
      return queued;
    });
  }
  return sent;
}

type Sending = { firmId: string; today: string; appUrl: string; outbox: Outbox };

/**
 * Queues a preset's report, as its owner sees it today, as PDF and CSV to each of its recipients
 * who may still read it, in the caller's transaction; answers how many e-mails.
 */
export async function queuePresetEmails(
  tx: Tx,
  { firmId, today, appUrl, outbox }: Sending,
  preset: PresetRow,
  report: AnyReportDefinition,
  query: unknown,
): Promise<number> {
  const recipients = (await findRecipients(tx, firmId, preset.recipientUserIds)).filter((recipient) =>
    hasPermissions(recipient.permissions, [report.permission]),
  );
  if (recipients.length === 0) return 0;
  // Read as a file is (format pdf): every row, where the screen reads a page of a statutory book.
  const { answer, context } = await runReportIn(tx, { firmId, userId: preset.userId }, report, {
    ...(query as object),
    format: 'pdf',
  } as never);
  const fileName = `${report.name}-${today}`;
  const attachments = [
    { filename: `${fileName}.pdf`, contentType: 'application/pdf', content: await reportPdf(answer, context.firmName) },
    { filename: `${fileName}.csv`, contentType: 'text/csv; charset=utf-8', content: Buffer.from(reportCsv(answer, context.timeZone)) },
  ];
  const link = `${appUrl}/reports/${report.name}?${new URLSearchParams(preset.query)}`;
  const how = preset.schedule ? `${preset.schedule} report` : 'report';
  for (const recipient of recipients)
    await outbox.queue(tx, firmId, {
      to: recipient.email,
      subject: `${report.title}: ${preset.name} — ${isoToDisplayDate(today)}`,
      sender: 'firm',
      sentByUserId: preset.userId,
      greeting: `Dear ${recipient.name},`,
      paragraphs: [
        `Here is the ${how} “${preset.name}” (${report.title}) as of ${isoToDisplayDate(today)}, as PDF and CSV.`,
        ...answer.criteria,
      ],
      action: { label: 'Open the report', url: link },
      why: `you were chosen to receive the preset “${preset.name}”`,
      attachments,
    });
  return recipients.length;
}

export const scheduledReportJobs = (dependencies: ScheduledReportDependencies): PeriodicJob[] => [
  { name: SCHEDULED_REPORTS_JOB, everyMinutes: 15, run: async () => void (await sendDueReports(dependencies)) },
];
