import { addMoney, isoToDisplayDate, reportContracts, type WIP_BUCKETS, type ReportColumn } from '@matterhorn/shared';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { criteriaOf, moneyCheck } from './report-texts.ts';
import {
  findWipByFeeEarner,
  findWipByMatterAndFeeEarner,
  findWipEntries,
  sumUnbilledItems,
  type WipFilters,
  type WipGroupRow,
} from './work-in-progress.repository.ts';

const BUCKET_COLUMNS = [
  { key: 'days0To30', bucket: '0-30', label: '0–30 days' },
  { key: 'days31To60', bucket: '31-60', label: '31–60 days' },
  { key: 'days61To90', bucket: '61-90', label: '61–90 days' },
  { key: 'days90Plus', bucket: '90+', label: '90+ days' },
] as const satisfies ReadonlyArray<{ key: string; bucket: (typeof WIP_BUCKETS)[number]; label: string }>;

const KIND_NAMES = { time: 'Time', expense: 'Expense', flatFee: 'Flat fee' } as const;

const FIGURE_COLUMNS: ReportColumn[] = [
  ...BUCKET_COLUMNS.map(({ key, bucket, label }): ReportColumn => ({ key, label, kind: 'money', drill: { Bucket: bucket } })),
  { key: 'total', label: 'Total', kind: 'money', drill: {} },
];
const MATTER_COLUMNS: ReportColumn[] = [
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  ...FIGURE_COLUMNS,
];
const FEE_EARNER_COLUMNS: ReportColumn[] = [{ key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null }, ...FIGURE_COLUMNS];

/** A row of the summary: a fee earner's, or (grouped by matter) a fee earner's on one matter. */
type SummaryRow = Omit<WipGroupRow, 'clientId' | 'clientName' | 'matterId' | 'matterName'> &
  Partial<Pick<WipGroupRow, 'clientId' | 'clientName' | 'matterId' | 'matterName'>>;

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'kind', label: 'Kind', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'description', label: 'Description', kind: 'text', drill: null },
  { key: 'ageDays', label: 'Age (days)', kind: 'count', drill: null },
  { key: 'hours', label: 'Hours', kind: 'hours', drill: null },
  { key: 'amount', label: 'Amount', kind: 'money', drill: null },
];

/** Work in progress (issue 37, report 1): what the firm has done and not yet billed, and how old it is. */
export const workInProgressReport = defineReport({
  contract: reportContracts.workInProgress,
  name: 'work-in-progress',
  async run(tx, context, query) {
    const filters: WipFilters = {
      asOf: context.today,
      from: query.From,
      to: query.To,
      feeEarnerId: query.FeeEarnerId,
      clientId: query.ClientId,
      matterId: query.MatterId,
      practiceAreaId: query.PracticeAreaId,
      bucket: query.Level === 'entries' ? query.Bucket : undefined,
      kind: query.Level === 'entries' ? query.Kind : undefined,
    };
    const currency = context.homeCurrencyCode;
    const footer = {
      formula: `Each figure = Σ amount of the unbilled items: billable time not on an issued invoice (hours × rate), approved billable client expenses and flat fees not on an invoice. Amounts in the firm's home currency (${currency}), as recorded. An expense counts for whoever added it.`,
      dateBasis: `Activity date: an item's age is the days from its date to ${isoToDisplayDate(context.today)}; 0–30, 31–60, 61–90 and 90+ days.`,
      rounding: 'Each item is stored to the cent (hours × rate rounded half-up once); sums are exact.',
    };
    const criteria = criteriaOf(context, query, {
      dates: 'Activity dates',
      extra: [
        ...(filters.bucket ? [`Age: ${filters.bucket} days`] : []),
        ...(filters.kind ? [`Kind: ${KIND_NAMES[filters.kind as keyof typeof KIND_NAMES]}`] : []),
      ],
    });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findWipEntries(tx, context.firmId, filters, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            date: entry.activityDate,
            kind: KIND_NAMES[entry.kind],
            client: entry.clientName,
            matter: entry.matterName,
            feeEarner: entry.feeEarnerName,
            description: entry.description,
            ageDays: Number(entry.ageDays),
            hours: entry.hours,
            amount: entry.amount,
          },
          drill: null,
        })),
        totals: [{ cells: { date: `Total ${currency}`, hours: entries.hours, amount: entries.total }, drill: {} }],
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    const isByMatter = query.GroupBy === 'matter';
    const findGroups = (): Promise<SummaryRow[]> =>
      isByMatter ? findWipByMatterAndFeeEarner(tx, context.firmId, filters) : findWipByFeeEarner(tx, context.firmId, filters);
    const [groups, entriesTotal] = await Promise.all([findGroups(), sumUnbilledItems(tx, context.firmId, filters)]);
    const sumOf = (key: (typeof BUCKET_COLUMNS)[number]['key'] | 'total') => addMoney('0', ...groups.map((group) => group[key]));
    const total = sumOf('total');
    return {
      level: 'summary',
      criteria,
      columns: isByMatter ? MATTER_COLUMNS : FEE_EARNER_COLUMNS,
      rows: groups.map((group) => ({
        cells: {
          ...(isByMatter ? { client: group.clientName ?? '', matter: group.matterName ?? '' } : {}),
          feeEarner: group.feeEarnerName,
          ...Object.fromEntries(BUCKET_COLUMNS.map(({ key }) => [key, group[key]])),
          total: group.total,
        },
        drill: {
          ...(group.clientId && group.matterId ? { ClientId: group.clientId, MatterId: group.matterId } : {}),
          FeeEarnerId: group.feeEarnerId,
        },
      })),
      totals: [
        {
          cells: {
            [isByMatter ? 'client' : 'feeEarner']: `Total ${currency}`,
            ...Object.fromEntries(BUCKET_COLUMNS.map(({ key }) => [key, sumOf(key)])),
            total,
          },
          drill: {},
        },
      ],
      ...footer,
      checks: [
        moneyCheck(`Σ age buckets = Σ totals, ${currency}`, addMoney('0', ...BUCKET_COLUMNS.map(({ key }) => sumOf(key))), total),
        moneyCheck(`Σ rows = Σ unbilled items (time, expenses, flat fees), ${currency}`, total, entriesTotal),
      ],
      page: null,
    };
  },
});
