import { addMoney, reportContracts, subtractMoney, type ProfitabilityKind, type ReportColumn } from '@matterhorn/shared';
import {
  findProfitabilityByMatter,
  findProfitabilityEntries,
  sumProfitabilitySources,
  type ProfitabilityFigures,
} from './matter-profitability.repository.ts';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { addHours, hoursCheck, hoursText, moneyPercentOf } from './report-figures.ts';
import type { ActivityFilters } from './report-filters.repository.ts';
import { countRealisedTimeLines } from './realised-lines.repository.ts';
import { criteriaOf, moneyCheck, timeBilledOnceCheck } from './report-texts.ts';

const FIGURE_COLUMNS: ReportColumn[] = [
  { key: 'hours', label: 'Hours', kind: 'hours', drill: { Kind: 'time' } },
  { key: 'feesBilled', label: 'Fees billed', kind: 'money', drill: {} },
  { key: 'feesCollected', label: 'Fees collected', kind: 'money', drill: {} },
  { key: 'costOfTime', label: 'Cost of time', kind: 'money', drill: { Kind: 'time' } },
  { key: 'expenses', label: 'Non-recoverable expenses', kind: 'money', drill: { Kind: 'expense' } },
  { key: 'margin', label: 'Margin', kind: 'money', drill: {} },
  { key: 'marginPercent', label: 'Margin %', kind: 'percent', drill: null },
];

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  ...FIGURE_COLUMNS,
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'kind', label: 'Kind', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'description', label: 'Description', kind: 'text', drill: null },
  ...FIGURE_COLUMNS.filter((column) => column.key !== 'marginPercent').map((column) => ({ ...column, drill: null })),
];

const KIND_NAMES: Record<ProfitabilityKind, string> = { time: 'Time', flatFee: 'Flat fee', expense: 'Non-recoverable expense' };

/** A matter's (or an item's) figures, with its margin: collected − cost of time − non-recoverable expenses. */
const figureCells = (figures: ProfitabilityFigures) => {
  const margin = subtractMoney(subtractMoney(figures.feesCollected, figures.costOfTime), figures.expenses);
  return {
    hours: hoursText(figures.hours),
    feesBilled: figures.feesBilled,
    feesCollected: figures.feesCollected,
    costOfTime: figures.costOfTime,
    expenses: figures.expenses,
    margin,
    marginPercent: moneyPercentOf(margin, figures.feesCollected),
  };
};

/** Matter profitability (issue 37, report 7): what each matter earned against what it cost. */
export const matterProfitabilityReport = defineReport({
  contract: reportContracts.matterProfitability,
  name: 'matter-profitability',
  async run(tx, context, query) {
    const filters: ActivityFilters = {
      from: query.From,
      to: query.To,
      clientId: query.ClientId,
      matterId: query.MatterId,
      practiceAreaId: query.PracticeAreaId,
    };
    const currency = context.homeCurrencyCode;
    const footer = {
      formula:
        `In the firm’s home currency (${currency}). Fees = time and flat fees (expenses billed are recoveries, not fees). ` +
        'Fees billed and fees collected are the realisation report’s: what the item’s line on an issued invoice in the home currency carries after its ' +
        'write-down or up, its share of the discount and of write-offs, nothing for a credited line; collected = that net × (payments − what credit notes ' +
        'gave back to the client) ÷ the invoice’s total standing after credit notes. Cost of time = Σ each time entry’s cost, billable or not: its ' +
        'hours × its fee earner’s cost rate (a team-member setting) on the day of the work, kept with the entry; time worked on a day without a cost ' +
        'rate costs 0 and its fee earner is named in the checks. Non-recoverable expenses = ' +
        'approved, non-billable client expenses on the matter. Margin = fees collected − cost of time − non-recoverable expenses; margin % = margin ÷ fees collected.',
      dateBasis:
        'Activity date: the date of each time entry, flat fee and expense; billed and collected are what their invoices show today.',
      rounding:
        'Each entry’s cost (hours × cost rate) and each line’s shares are rounded half-up to the cent, then summed exactly; hours exact (4 decimals kept); ' +
        'margin % one decimal, half-up, blank when nothing was collected.',
    };
    const criteria = criteriaOf(context, query, {
      dates: 'Activity dates',
      extra: query.Level === 'entries' && query.Kind ? [`Kind: ${KIND_NAMES[query.Kind]}`] : [],
    });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findProfitabilityEntries(tx, context.firmId, { ...filters, kind: query.Kind }, page);
      const { marginPercent: _marginPercent, ...totals } = figureCells(entries.summary);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => {
          const { marginPercent: _percent, ...cells } = figureCells({ ...entry, hours: entry.hours ?? '0' });
          return {
            cells: {
              date: entry.date,
              kind: KIND_NAMES[entry.kind],
              matter: entry.matterName,
              feeEarner: entry.feeEarnerName,
              description: entry.description,
              ...cells,
              hours: entry.hours === null ? null : cells.hours,
            },
            drill: null,
          };
        }),
        totals: [{ cells: { date: `Total ${currency}`, ...totals }, drill: {} }],
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    const [groups, sources, timeLines] = await Promise.all([
      findProfitabilityByMatter(tx, context.firmId, filters),
      sumProfitabilitySources(tx, context.firmId, filters),
      countRealisedTimeLines(tx, context.firmId, filters),
    ]);
    const sumOf = (key: Exclude<keyof ProfitabilityFigures, 'hours'>) => addMoney('0', ...groups.map((group) => group[key]));
    const total: ProfitabilityFigures = {
      hours: addHours(...groups.map((group) => group.hours)),
      feesBilled: sumOf('feesBilled'),
      feesCollected: sumOf('feesCollected'),
      costOfTime: sumOf('costOfTime'),
      expenses: sumOf('expenses'),
    };
    const missing = sources.withoutCostRate;
    return {
      level: 'summary',
      criteria,
      columns: SUMMARY_COLUMNS,
      rows: groups.map((group) => ({
        cells: { client: group.clientName, matter: group.matterName, ...figureCells(group) },
        drill: { MatterId: group.matterId },
      })),
      totals: [{ cells: { client: `Total ${currency}`, ...figureCells(total) }, drill: {} }],
      ...footer,
      checks: [
        hoursCheck('Σ rows’ hours = Σ hours of the time entries in the filter', total.hours, sources.hours),
        moneyCheck(`Σ rows’ cost of time = Σ cost of the time entries in the filter, ${currency}`, total.costOfTime, sources.costOfTime),
        moneyCheck(
          `Σ rows’ non-recoverable expenses = Σ approved non-billable client expenses in the filter, ${currency}`,
          total.expenses,
          sources.expenses,
        ),
        timeBilledOnceCheck(timeLines, { ofFeeEarner: false }),
        {
          name: 'Fee earners with time here on a day they had no cost rate (that time costs 0)',
          expected: 'none',
          actual: missing.length === 0 ? 'none' : missing.join(', '),
          pass: missing.length === 0,
        },
      ],
      page: null,
    };
  },
});
