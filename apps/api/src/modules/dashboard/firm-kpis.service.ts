import { addDays, addMoney, hasPermissions, type FirmKpis, type ReportAnswer } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findOpenReceivablesByAge } from '../invoices/invoices.api.ts';
import {
  answerReport,
  findReportContext,
  findUtilisationFigures,
  hoursText,
  reportDefinitionOf,
  sumWorkInProgress,
  type ReportContext,
} from '../reports/reports.api.ts';
import { findTrustLedgerTotals } from '../trust/trust.api.ts';
import { weekDatesOf } from './my-time-week.ts';
import { findBilledAndCollectedByMonth, findBillableHoursByWeek, sumBillableHours } from './firm-kpis.repository.ts';

const WEEKS = 8;
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
 * The dashboard's figures (issue 37), read on the replica when it has caught up. Each card is the
 * total of the report it opens, read the quick way by the report's own rules: time from the day
 * totals the database keeps of the entries (the reports' tie-outs hold those to the entries), what
 * clients owe from the open invoices' balances, trust from the trust ledgers; the dashboard's test
 * holds every card equal to its report. With viewSummary the firm's; without, the user's own hours,
 * utilisation, work in progress and collections.
 */
export function createFirmKpiService(database: Database) {
  return {
    find: (principal: FirmPrincipal): Promise<FirmKpis> =>
      database.withFirmFromReplica(principal.firmId, async (tx) => {
        const isFirm = hasPermissions(principal.permissions, ['viewSummary']);
        const feeEarnerId = isFirm ? null : principal.userId;
        const context = await findReportContext(tx, principal.firmId, principal.userId, {});
        const { today, firmId } = context;
        const monthStart = `${today.slice(0, 8)}01`;
        const yearStart = `${today.slice(0, 4)}-01-01`;
        const firstMonday = addDays(weekDatesOf(today)[0]!, -7 * (WEEKS - 1));
        const months = monthsBack(today, MONTHS);
        const own = feeEarnerId ?? undefined;

        const [hoursMonth, hoursYear, usedMonth, usedYear, wip, weekly, byMonth, ownCollected, aged, trust] = await Promise.all([
          sumBillableHours(tx, firmId, monthStart, today, feeEarnerId),
          sumBillableHours(tx, firmId, yearStart, today, feeEarnerId),
          findUtilisationFigures(tx, firmId, { from: monthStart, to: today, feeEarnerId: own }),
          findUtilisationFigures(tx, firmId, { from: yearStart, to: today, feeEarnerId: own }),
          sumWorkInProgress(tx, firmId, own),
          findBillableHoursByWeek(tx, firmId, firstMonday, today, feeEarnerId),
          isFirm ? findBilledAndCollectedByMonth(tx, firmId, `${months[0]}-01`, today) : Promise.resolve([]),
          // A fee earner's own collections are their shares of payments, which only the report works out.
          isFirm
            ? Promise.resolve(null)
            : Promise.all([
                answerNamedReport(tx, context, 'collections', { From: monthStart, To: today, FeeEarnerId: principal.userId }),
                answerNamedReport(tx, context, 'collections', { From: yearStart, To: today, FeeEarnerId: principal.userId }),
              ]),
          isFirm ? findOpenReceivablesByAge(tx, firmId, today) : Promise.resolve(null),
          isFirm ? findTrustLedgerTotals(tx, firmId) : Promise.resolve(null),
        ]);

        const weeks = Array.from({ length: WEEKS }, (_, index) => addDays(firstMonday, 7 * index));
        const feeEarners = [...new Map(weekly.map((row) => [row.feeEarnerId, row.name])).entries()].map(([id, name]) => ({
          id,
          name,
          hours: weeks.map((week) => weekly.find((row) => row.feeEarnerId === id && row.weekStart === week)?.hours ?? '0.00'),
        }));
        // The chart's twelve months end with this one, so they hold the whole year to date.
        const monthlySums = (key: 'billed' | 'collected', fromMonth: string) => {
          const sums = new Map<string, string>();
          for (const row of byMonth)
            if (row.month >= fromMonth) sums.set(row.currencyCode, addMoney(sums.get(row.currencyCode) ?? '0', row[key]));
          return sums;
        };
        const firmMonthAndYear = (key: 'billed' | 'collected') =>
          monthAndYear(monthlySums(key, today.slice(0, 7)), monthlySums(key, yearStart.slice(0, 7)));
        const trustHeld = new Map<string, string>();
        for (const row of trust ?? []) trustHeld.set(row.currencyCode, addMoney(trustHeld.get(row.currencyCode) ?? '0', row.ledgers));

        return {
          scope: isFirm ? 'firm' : 'own',
          today,
          homeCurrencyCode: context.homeCurrencyCode,
          billableHours: { month: hoursText(hoursMonth), yearToDate: hoursText(hoursYear) },
          utilisation: { month: usedMonth.utilisation, yearToDate: usedYear.utilisation },
          workInProgress: wip,
          billed: isFirm ? firmMonthAndYear('billed') : null,
          collected: ownCollected
            ? monthAndYear(perCurrency(ownCollected[0].totals, 'collected'), perCurrency(ownCollected[1].totals, 'collected'))
            : firmMonthAndYear('collected'),
          receivables: aged ? aged.map((row) => ({ currencyCode: row.currencyCode, amount: row.total })) : null,
          trustHeld: trust
            ? [...trustHeld].filter(([, amount]) => amount !== '0.00').map(([currencyCode, amount]) => ({ currencyCode, amount }))
            : null,
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
            ? aged.map(({ currencyCode, current, days1To30, days31To60, days61To90, days90Plus }) => ({
                currencyCode,
                current,
                days1To30,
                days31To60,
                days61To90,
                days90Plus,
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
