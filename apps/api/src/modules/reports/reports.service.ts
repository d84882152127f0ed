import type { z } from 'zod';
import type { ReportAnswer, RouteContract } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findReportContext } from './report-context.repository.ts';
import type { ReportContext, ReportDefinition } from './report-definition.ts';

type ReportQuery = {
  FeeEarnerId?: string | undefined;
  ClientId?: string | undefined;
  MatterId?: string | undefined;
  PracticeAreaId?: string | undefined;
};

/** A filter naming a record of another firm (or none) answers "not found", as every other read does. */
function refuseUnknownRecords(context: ReportContext, query: ReportQuery) {
  if (query.FeeEarnerId && !context.names.feeEarner) throw notFound('Fee earner');
  if (query.ClientId && !context.names.client) throw notFound('Client');
  if (query.MatterId && !context.names.matter) throw notFound('Matter');
  if (query.PracticeAreaId && !context.names.practiceArea) throw notFound('Practice area');
}

export type RunReport = <C extends RouteContract & { query: z.ZodType }>(
  principal: Pick<FirmPrincipal, 'firmId' | 'userId'>,
  report: ReportDefinition<C>,
  query: z.output<C['query']>,
) => Promise<{ answer: ReportAnswer; context: ReportContext }>;

/** A report inside the caller's transaction: the context, then the report's own statements. */
export async function runReportIn<C extends RouteContract & { query: z.ZodType }>(
  tx: Tx,
  principal: Pick<FirmPrincipal, 'firmId' | 'userId'>,
  report: ReportDefinition<C>,
  query: z.output<C['query']>,
): Promise<{ answer: ReportAnswer; context: ReportContext }> {
  const context = await findReportContext(tx, principal.firmId, principal.userId, query as ReportQuery);
  refuseUnknownRecords(context, query as ReportQuery);
  return { answer: await answerReport(tx, context, report, query), context };
}

/** A report's answer in a context already read: several reports of one read (the dashboard's) share one. */
export async function answerReport<C extends RouteContract & { query: z.ZodType }>(
  tx: Tx,
  context: ReportContext,
  report: ReportDefinition<C>,
  query: z.output<C['query']>,
): Promise<ReportAnswer> {
  const body = await report.run(tx, context, query);
  return { ...body, title: body.title ?? report.title };
}

/** Runs a report in one read-only transaction, on the read replica when there is one that has caught up (ADR 53). */
export function createReportRunner(database: Database): RunReport {
  return (principal, report, query) => database.withFirmFromReplica(principal.firmId, (tx) => runReportIn(tx, principal, report, query));
}
