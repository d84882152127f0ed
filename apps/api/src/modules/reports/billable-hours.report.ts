import { addMoney, reportContracts, type BillableHoursKind, type ReportColumn } from '@matterhorn/shared';
import {
  findBillableHoursByFeeEarner,
  findBillableHoursByMatterAndFeeEarner,
  findBillableHoursEntries,
  sumTimeEntries,
  type BillableHoursFigures,
  type BillableHoursGroupRow,
} from './billable-hours.repository.ts';

/** A row of the summary: a fee earner's, or (grouped by matter) a fee earner's on one matter. */
type SummaryRow = BillableHoursFigures & { feeEarnerId: string; feeEarnerName: string } & Partial<
    Pick<BillableHoursGroupRow, 'clientName' | 'matterId' | 'matterName'>
  >;
import { defineReport, entriesPageOf } from './report-definition.ts';
import { addHours, hoursCheck, hoursText } from './report-figures.ts';
import type { ActivityFilters } from './report-filters.repository.ts';
import { criteriaOf, moneyCheck } from './report-texts.ts';

const KIND_NAMES: Record<BillableHoursKind, string> = {
  billable: 'Billable',
  nonBillable: 'Non-billable',
  billed: 'Billed',
  unbilled: 'Unbilled',
};

const hoursColumn = (kind: BillableHoursKind): ReportColumn => ({
  key: `${kind}Hours`,
  label: `${KIND_NAMES[kind]} hours`,
  kind: 'hours',
  drill: { Kind: kind },
});
const valueColumn = (kind: BillableHoursKind): ReportColumn => ({
  key: `${kind}Value`,
  label: `${KIND_NAMES[kind]} value`,
  kind: 'money',
  drill: { Kind: kind },
});

/** Non-billable time is stored at no rate and no amount (SPEC.md): it has hours only. */
const FIGURE_COLUMNS: ReportColumn[] = [
  hoursColumn('billable'),
  valueColumn('billable'),
  hoursColumn('nonBillable'),
  hoursColumn('billed'),
  valueColumn('billed'),
  hoursColumn('unbilled'),
  valueColumn('unbilled'),
];
const FIGURE_KEYS = FIGURE_COLUMNS.map((column) => column.key as keyof BillableHoursFigures);
const isHours = (key: string) => key.endsWith('Hours');

const MATTER_COLUMNS: ReportColumn[] = [
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  ...FIGURE_COLUMNS,
];
const FEE_EARNER_COLUMNS: ReportColumn[] = [{ key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null }, ...FIGURE_COLUMNS];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'description', label: 'Description', kind: 'text', drill: null },
  { key: 'billable', label: 'Billable', kind: 'text', drill: null },
  { key: 'billed', label: 'Billed', kind: 'text', drill: null },
  { key: 'hours', label: 'Hours', kind: 'hours', drill: null },
  { key: 'value', label: 'Value', kind: 'money', drill: null },
];

/** Billable hours (issue 37, report 4): who recorded what time on which matter, and how much of it is billed. */
export const billableHoursReport = defineReport({
  contract: reportContracts.billableHours,
  name: 'billable-hours',
  async run(tx, context, query) {
    const filters: ActivityFilters = {
      from: query.From,
      to: query.To,
      feeEarnerId: query.FeeEarnerId,
      clientId: query.ClientId,
      matterId: query.MatterId,
      practiceAreaId: query.PracticeAreaId,
    };
    const currency = context.homeCurrencyCode;
    const footer = {
      formula:
        `Hours = Σ the time entries’ billed hours (the recorded time rounded up once to the firm’s increment); value = Σ their amounts ` +
        `(hours × rate, in the firm’s home currency, ${currency}, as recorded); non-billable time is recorded at no rate, so it has hours only. ` +
        'Billable + non-billable = all time; billed + unbilled = billable time: billed is billable time on an invoice (a draft’s included), ' +
        'unbilled is billable time on none.',
      dateBasis: 'Activity date: the date of each time entry.',
      rounding:
        'Hours are summed exactly (4 decimals kept); each entry’s amount is stored to the cent (hours × rate rounded half-up once); sums are exact.',
    };
    const criteria = criteriaOf(context, query, {
      dates: 'Activity dates',
      extra: query.Level === 'entries' && query.Kind ? [`Time: ${KIND_NAMES[query.Kind]}`] : [],
    });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findBillableHoursEntries(tx, context.firmId, { ...filters, kind: query.Kind }, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            date: entry.date,
            client: entry.clientName,
            matter: entry.matterName,
            feeEarner: entry.feeEarnerName,
            description: entry.description,
            billable: entry.isBillable ? 'Billable' : 'Non-billable',
            billed: entry.isBillable ? (entry.isBilled ? 'Billed' : 'Unbilled') : '',
            hours: hoursText(entry.hours),
            value: entry.value,
          },
          drill: null,
        })),
        totals: [{ cells: { date: `Total ${currency}`, hours: hoursText(entries.hours), value: entries.value }, drill: {} }],
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    const isByMatter = query.GroupBy === 'matter';
    const findGroups = (): Promise<SummaryRow[]> =>
      isByMatter
        ? findBillableHoursByMatterAndFeeEarner(tx, context.firmId, filters)
        : findBillableHoursByFeeEarner(tx, context.firmId, filters);
    const [groups, entries] = await Promise.all([findGroups(), sumTimeEntries(tx, context.firmId, filters)]);
    const sumOf = (key: keyof BillableHoursFigures) =>
      isHours(key) ? addHours(...groups.map((group) => group[key])) : addMoney('0', ...groups.map((group) => group[key]));
    const totals = Object.fromEntries(FIGURE_KEYS.map((key) => [key, sumOf(key)])) as BillableHoursFigures;
    const figureCells = (group: BillableHoursFigures) =>
      Object.fromEntries(FIGURE_KEYS.map((key) => [key, isHours(key) ? hoursText(group[key]) : group[key]]));
    return {
      level: 'summary',
      criteria,
      columns: isByMatter ? MATTER_COLUMNS : FEE_EARNER_COLUMNS,
      rows: groups.map((group) => ({
        cells: {
          ...(isByMatter ? { client: group.clientName ?? '', matter: group.matterName ?? '' } : {}),
          feeEarner: group.feeEarnerName,
          ...figureCells(group),
        },
        drill: { ...(group.matterId ? { MatterId: group.matterId } : {}), FeeEarnerId: group.feeEarnerId },
      })),
      totals: [{ cells: { [isByMatter ? 'client' : 'feeEarner']: `Total ${currency}`, ...totals }, drill: {} }],
      ...footer,
      checks: [
        hoursCheck(
          'Σ rows’ billable + non-billable hours = Σ hours of the time entries in the filter',
          addHours(totals.billableHours, totals.nonBillableHours),
          entries.hours,
        ),
        moneyCheck(
          `Σ rows’ billable values = Σ amounts of the time entries in the filter, ${currency}`,
          totals.billableValue,
          entries.value,
        ),
        hoursCheck(
          'Σ billed + unbilled hours = Σ billable hours',
          addHours(totals.billedHours, totals.unbilledHours),
          totals.billableHours,
        ),
      ],
      page: null,
    };
  },
});
