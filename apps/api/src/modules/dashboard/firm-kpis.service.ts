import { addDays, addMoney, hasPermissions, type FirmKpis, type ReportAnswer } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { answerReport, findReportContext, reportDefinitionOf, type ReportContext } from '../reports/reports.api.ts';
import { weekDatesOf } from './my-time-week.ts';
import { findBilledAndCollectedByMonth, findBillableHoursByWeek } from './firm-kpis.repository.ts';

const WEEKS = 8;
/** A report's entries level, one entry a page: its total over every entry, without building its table. */
const TOTAL_ONLY = { Level: 'entries', Size: '1' };
const MONTHS = 12;

const monthsBack = (today: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });

/** Σ of a money column per currency, over rows carrying a `currency` cell. */
function perCurrency(rows: ReportAnswer['rows'], key: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const row of rows) {
    const currency = String(row.cells.currency ?? '');
    if (currency) sums.set(currency, addMoney(sums.get(currency) ?? '0', String(row.cells[key] ?? '0')));
  }
  return sums;
}

/** A month's and a year's figures per currency, the currencies of either. */
function monthAndYear(month: Map<string, string>, year: Map<string, string>) {
  return [...new Set([...year.keys(), ...month.keys()])].map((currencyCode) => ({
    currencyCode,
    month: month.get(currencyCode) ?? '0.00',
    yearToDate: year.get(currencyCode) ?? '0.00',
  }));
}

/**
 * The dashboard's figures (issue 37). Every card is the total of the report it opens, run in the same
 * read (on the replica when it has caught up): the dashboard and the reports cannot disagree. With
 * viewSummary the firm's; without, the user's own hours, utilisation, work in progress and collections.
 */
export function createFirmKpiService(database: Database) {
  return {
    find: (principal: FirmPrincipal): Promise<FirmKpis> =>
      database.withFirmFromReplica(principal.firmId, async (tx) => {
        const isFirm = hasPermissions(principal.permissions, ['viewSummary']);
        const own: Record<string, string> = isFirm ? {} : { FeeEarnerId: principal.userId };
        // One context (the firm's today, home currency, the fee earner's name) for every report of the read.
        const context = await findReportContext(tx, principal.firmId, principal.userId, own);
        const { today } = context;
        const month = { From: `${today.slice(0, 8)}01`, To: today };
        const year = { From: `${today.slice(0, 4)}-01-01`, To: today };
        const report = (name: string, query: Record<string, string>) => answerNamedReport(tx, context, name, { ...own, ...query });
        const firmReport = async (name: string, query: Record<string, string>) =>
          isFirm ? answerNamedReport(tx, context, name, query) : null;

        const [hoursMonth, hoursYear, usedMonth, usedYear, wip, collectedMonth, collectedYear, billedMonth, billedYear, aged, trust] =
          await Promise.all([
            // The entries level's total (one entry a page): the summary's table of every matter and fee earner is not needed.
            report('billable-hours', { ...month, ...TOTAL_ONLY, Kind: 'billable' }),
            report('billable-hours', { ...year, ...TOTAL_ONLY, Kind: 'billable' }),
            report('utilisation', month),
            report('utilisation', year),
            report('work-in-progress', TOTAL_ONLY),
            report('collections', month),
            report('collections', year),
            firmReport('invoice-register', { ...month, Status: 'Issued' }),
            firmReport('invoice-register', { ...year, Status: 'Issued' }),
            firmReport('aged-receivables', {}),
            firmReport('trust-listing', {}),
          ]);
        const firstMonday = addDays(weekDatesOf(today)[0]!, -7 * (WEEKS - 1));
        const weeks = Array.from({ length: WEEKS }, (_, index) => addDays(firstMonday, 7 * index));
        const weekly = await findBillableHoursByWeek(tx, principal.firmId, firstMonday, today, isFirm ? null : principal.userId);
        const feeEarners = [...new Map(weekly.map((row) => [row.feeEarnerId, row.name])).entries()].map(([id, name]) => ({
          id,
          name,
          hours: weeks.map((week) => weekly.find((row) => row.feeEarnerId === id && row.weekStart === week)?.hours ?? '0.00'),
        }));
        const months = monthsBack(today, MONTHS);
        const byMonth = isFirm ? await findBilledAndCollectedByMonth(tx, principal.firmId, `${months[0]}-01`, today) : [];

        const utilisationOf = (answer: ReportAnswer) => {
          const value = answer.totals.at(-1)?.cells.utilisation;
          return value === null || value === undefined || value === '' ? null : String(value);
        };
        return {
          scope: isFirm ? 'firm' : 'own',
          today,
          homeCurrencyCode: context.homeCurrencyCode,
          billableHours: {
            month: String(hoursMonth.totals[0]?.cells.hours ?? '0.00'),
            yearToDate: String(hoursYear.totals[0]?.cells.hours ?? '0.00'),
          },
          utilisation: { month: utilisationOf(usedMonth), yearToDate: utilisationOf(usedYear) },
          workInProgress: String(wip.totals[0]?.cells.amount ?? '0.00'),
          billed:
            billedMonth && billedYear
              ? monthAndYear(perCurrency(billedMonth.totals, 'total'), perCurrency(billedYear.totals, 'total'))
              : null,
          collected: monthAndYear(perCurrency(collectedMonth.totals, 'collected'), perCurrency(collectedYear.totals, 'collected')),
          receivables: aged ? [...perCurrency(aged.totals, 'total')].map(([currencyCode, amount]) => ({ currencyCode, amount })) : null,
          trustHeld: trust ? [...perCurrency(trust.rows, 'balance')].map(([currencyCode, amount]) => ({ currencyCode, amount })) : null,
          hoursByWeek: { weeks, feeEarners },
          billedVsCollected: isFirm
            ? [...new Set(byMonth.map((row) => row.currencyCode))].map((currencyCode) => {
                const of = (key: 'billed' | 'collected') =>
                  months.map(
                    (yearMonth) => byMonth.find((row) => row.currencyCode === currencyCode && row.month === yearMonth)?.[key] ?? '0.00',
                  );
                return { currencyCode, months, billed: of('billed'), collected: of('collected') };
              })
            : null,
          receivablesByAge: aged
            ? aged.totals.map((row) => ({
                currencyCode: String(row.cells.currency),
                current: String(row.cells.current),
                days1To30: String(row.cells.days1To30),
                days31To60: String(row.cells.days31To60),
                days61To90: String(row.cells.days61To90),
                days90Plus: String(row.cells.days90Plus),
              }))
            : null,
        };
      }),
  };
}

/** A report by name, its query checked by its own contract, in the dashboard's read and context. */
function answerNamedReport(tx: Tx, context: ReportContext, name: string, query: Record<string, string>): Promise<ReportAnswer> {
  const report = reportDefinitionOf(name);
  if (!report) throw new Error(`The dashboard reads a report that does not exist: ${name}`);
  return answerReport(tx, context, report, report.contract.query.parse(query));
}
