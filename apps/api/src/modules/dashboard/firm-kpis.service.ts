import { addMoney, hasPermissions, type FirmKpis, type ReportAnswer } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { reportDefinitionOf, runReportIn } from '../reports/reports.api.ts';
import { findBilledAndCollectedByMonth, findBillableHoursByWeek } from './firm-kpis.repository.ts';

const WEEKS = 8;
/** A report's entries level, one entry a page: its total over every entry, without building its table. */
const TOTAL_ONLY = { Level: 'entries', Size: '1' };
const MONTHS = 12;

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const mondayOf = (iso: string) => addDays(iso, -((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7));
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
        const today = await findFirmToday(tx, principal.firmId);
        const month = { From: `${today.slice(0, 8)}01`, To: today };
        const year = { From: `${today.slice(0, 4)}-01-01`, To: today };
        const own: Record<string, string> = isFirm ? {} : { FeeEarnerId: principal.userId };
        const report = async (name: string, query: Record<string, string>) =>
          (await runNamedReport(tx, principal, name, { ...own, ...query })).answer;
        const firmReport = async (name: string, query: Record<string, string>) =>
          isFirm ? (await runNamedReport(tx, principal, name, query)).answer : null;

        const [hoursMonth, hoursYear, usedMonth, usedYear, wip, collectedMonth, collectedYear, billedMonth, billedYear, aged, trust] =
          await Promise.all([
            // The entries level's total (one entry a page): the summary's table of every matter and fee earner is not needed.
            report('billable-hours', { ...month, ...TOTAL_ONLY, Kind: 'billable' }),
            report('billable-hours', { ...year, ...TOTAL_ONLY, Kind: 'billable' }),
            report('utilisation', month),
            report('utilisation', year),
            runNamedReport(tx, principal, 'work-in-progress', { ...own, ...TOTAL_ONLY }),
            report('collections', month),
            report('collections', year),
            firmReport('invoice-register', { ...month, Status: 'Issued' }),
            firmReport('invoice-register', { ...year, Status: 'Issued' }),
            firmReport('aged-receivables', {}),
            firmReport('trust-listing', {}),
          ]);
        const firstMonday = addDays(mondayOf(today), -7 * (WEEKS - 1));
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
          homeCurrencyCode: wip.context.homeCurrencyCode,
          billableHours: {
            month: String(hoursMonth.totals[0]?.cells.hours ?? '0.00'),
            yearToDate: String(hoursYear.totals[0]?.cells.hours ?? '0.00'),
          },
          utilisation: { month: utilisationOf(usedMonth), yearToDate: utilisationOf(usedYear) },
          workInProgress: String(wip.answer.totals[0]?.cells.amount ?? '0.00'),
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

/** A report by name, its query checked by its own contract, inside the dashboard's read. */
async function runNamedReport(tx: Tx, principal: FirmPrincipal, name: string, query: Record<string, string>) {
  const report = reportDefinitionOf(name);
  if (!report) throw new Error(`The dashboard reads a report that does not exist: ${name}`);
  return runReportIn(tx, principal, report, report.contract.query.parse(query));
}
