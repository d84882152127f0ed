import { isoToDisplayDate, toCents, type ReportCheck } from '@matterhorn/shared';
import type { ReportContext } from './report-definition.ts';

type CriteriaQuery = {
  From?: string | undefined;
  To?: string | undefined;
  AsOfDate?: string | undefined;
  CurrencyCode?: string | undefined;
};

/**
 * The filters of a query in words, as the PDF prints them above the table: the dates (named by
 * what they are: activity, issue, payment…), then each record a filter names.
 */
export function criteriaOf(
  context: ReportContext,
  query: CriteriaQuery,
  options: { dates?: string; asOf?: string; extra?: readonly string[] } = {},
): string[] {
  const range =
    query.From || query.To
      ? `${options.dates ?? 'Dates'}: ${query.From ? isoToDisplayDate(query.From) : 'the first'} – ${query.To ? isoToDisplayDate(query.To) : isoToDisplayDate(context.today)}`
      : options.dates
        ? `${options.dates}: all`
        : null;
  return [
    ...(options.asOf ? [`As of ${isoToDisplayDate(options.asOf)}`] : []),
    ...(range ? [range] : []),
    ...(context.names.client ? [`Client: ${context.names.client}`] : []),
    ...(context.names.matter ? [`Matter: ${context.names.matter}`] : []),
    ...(context.names.feeEarner ? [`Fee earner: ${context.names.feeEarner}`] : []),
    ...(context.names.practiceArea ? [`Practice area: ${context.names.practiceArea}`] : []),
    ...(query.CurrencyCode ? [`Currency: ${query.CurrencyCode}`] : []),
    ...(options.extra ?? []),
  ];
}

/** A tie-out of two amounts: passes when they agree to the cent. */
export const moneyCheck = (name: string, expected: string, actual: string): ReportCheck => ({
  name,
  expected,
  actual,
  pass: toCents(expected) === toCents(actual),
});

/** The reports that read billed and collected from the period's lines: each entry on one line at most. */
export const timeBilledOnceCheck = (counts: { lines: number; items: number }, { ofFeeEarner }: { ofFeeEarner: boolean }): ReportCheck => ({
  name: `Time billed once: the live lines of issued invoices for the period’s time${ofFeeEarner ? ' of the fee earner' : ''} = the entries they bill`,
  expected: String(counts.items),
  actual: String(counts.lines),
  pass: counts.items === counts.lines,
});
