import { addMoney, reportContracts, type RealisationGrouping, type ReportColumn } from '@matterhorn/shared';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { addHours, hoursCheck, hoursText, moneyPercentOf } from './report-figures.ts';
import type { ActivityFilters } from './report-filters.repository.ts';
import { criteriaOf, moneyCheck, timeBilledOnceCheck } from './report-texts.ts';
import {
  findRealisationEntries,
  findRealisationGroups,
  sumRealisation,
  type RealisationFigures,
  type RealisationGroupRow,
} from './realisation.repository.ts';

const GROUP_LABELS: Record<RealisationGrouping, string> = { feeEarner: 'Fee earner', matter: 'Matter', practiceArea: 'Practice area' };

const FIGURE_COLUMNS: ReportColumn[] = [
  { key: 'hours', label: 'Hours', kind: 'hours', drill: {} },
  { key: 'standard', label: 'Standard value', kind: 'money', drill: {} },
  { key: 'billed', label: 'Billed', kind: 'money', drill: {} },
  { key: 'collected', label: 'Collected', kind: 'money', drill: {} },
  { key: 'billingRealisation', label: 'Billing realisation', kind: 'percent', drill: null },
  { key: 'collectionRealisation', label: 'Collection realisation', kind: 'percent', drill: null },
  { key: 'overallRealisation', label: 'Overall realisation', kind: 'percent', drill: null },
];

const summaryColumns = (grouping: RealisationGrouping): ReportColumn[] => [
  ...(grouping === 'matter' ? [{ key: 'client', label: 'Client', kind: 'text', drill: null } as const] : []),
  { key: 'group', label: GROUP_LABELS[grouping], kind: 'text', drill: null },
  ...FIGURE_COLUMNS,
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'description', label: 'Description', kind: 'text', drill: null },
  { key: 'invoice', label: 'Invoice', kind: 'text', drill: null },
  { key: 'hours', label: 'Hours', kind: 'hours', drill: null },
  { key: 'standard', label: 'Standard value', kind: 'money', drill: null },
  { key: 'billed', label: 'Billed', kind: 'money', drill: null },
  { key: 'collected', label: 'Collected', kind: 'money', drill: null },
];

/** A row's figures and its three ratios. */
const figureCells = (figures: RealisationFigures) => ({
  hours: hoursText(figures.hours),
  standard: figures.standard,
  billed: figures.billed,
  collected: figures.collected,
  billingRealisation: moneyPercentOf(figures.billed, figures.standard),
  collectionRealisation: moneyPercentOf(figures.collected, figures.billed),
  overallRealisation: moneyPercentOf(figures.collected, figures.standard),
});

const drillOf = (grouping: RealisationGrouping, row: RealisationGroupRow): Record<string, string> => {
  if (grouping === 'feeEarner') return { FeeEarnerId: row.groupId! };
  if (grouping === 'matter') return { MatterId: row.groupId! };
  return row.groupId ? { PracticeAreaId: row.groupId } : { NoPracticeArea: 'true' };
};

/** Realisation (issue 37, report 6): how much of the time worked was billed, and how much of that collected. */
export const realisationReport = defineReport({
  contract: reportContracts.realisation,
  name: 'realisation',
  async run(tx, context, query) {
    const grouping = query.GroupBy ?? 'feeEarner';
    const filters: ActivityFilters = {
      from: query.From,
      to: query.To,
      feeEarnerId: query.FeeEarnerId,
      matterId: query.MatterId,
      practiceAreaId: query.PracticeAreaId,
      noPracticeArea: query.NoPracticeArea,
    };
    const currency = context.homeCurrencyCode;
    const footer = {
      formula:
        `Billable time only, in the firm’s home currency (${currency}); invoices in another currency are left out of billed and collected. ` +
        'Standard value = Σ each entry’s hours × its rate as recorded on the entry (its stored amount). ' +
        'Billed = what the entry’s line on an issued invoice (approved, sent, partly paid or paid) carries: the line’s amount after its write-down or up, ' +
        'less its share of the invoice’s discount (discount × line ÷ subtotal), less its share of write-offs (written off × line’s net ÷ the invoice’s ' +
        'total standing after credit notes); a line a credit note credited bills nothing; time on a draft or on no invoice bills nothing yet. ' +
        'Collected = the line’s net × (payments − what credit notes gave back to the client) ÷ that standing total, so the tax in a payment is left out. ' +
        'Billing realisation = billed ÷ standard value; collection realisation = collected ÷ billed; overall realisation = collected ÷ standard value.' +
        (grouping === 'practiceArea' ? ' A matter in two practice areas counts in each; the total counts each entry once.' : ''),
      dateBasis: 'Activity date: the time entry’s date places it in the range; billed and collected are what its invoice shows today.',
      rounding:
        'Each share (discount, write-off, collected) is rounded half-up to the cent per line, then summed exactly; hours exact (4 decimals kept); ' +
        'percentages one decimal, half-up, blank when the divisor is 0.',
    };
    const criteria = criteriaOf(context, query, {
      dates: 'Activity dates',
      extra: [
        ...(query.Level === 'entries' ? [] : [`Grouped by: ${GROUP_LABELS[grouping]}`]),
        ...(query.NoPracticeArea ? ['Practice area: none'] : []),
      ],
    });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findRealisationEntries(tx, context.firmId, filters, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            date: entry.date,
            feeEarner: entry.feeEarnerName,
            client: entry.clientName,
            matter: entry.matterName,
            description: entry.description,
            invoice: entry.invoiceNumber,
            hours: hoursText(entry.hours),
            standard: entry.standard,
            billed: entry.billed,
            collected: entry.collected,
          },
          drill: null,
        })),
        totals: [
          {
            cells: {
              date: `Total ${currency}`,
              hours: hoursText(entries.summary.hours),
              standard: entries.summary.standard,
              billed: entries.summary.billed,
              collected: entries.summary.collected,
            },
            drill: {},
          },
        ],
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    // By practice area a matter may count twice: the total is of each entry once, not Σ rows.
    const rowsAddUp = grouping !== 'practiceArea';
    const [groups, sums] = await Promise.all([
      findRealisationGroups(tx, context.firmId, filters, grouping),
      sumRealisation(tx, context.firmId, filters, { withTotal: !rowsAddUp }),
    ]);
    const groupLabel = grouping === 'matter' ? 'client' : 'group';
    const rowsTotal = {
      hours: addHours(...groups.map((group) => group.hours)),
      standard: addMoney('0', ...groups.map((group) => group.standard)),
      billed: addMoney('0', ...groups.map((group) => group.billed)),
      collected: addMoney('0', ...groups.map((group) => group.collected)),
    };
    const total = sums.total ?? rowsTotal;
    return {
      level: 'summary',
      criteria,
      columns: summaryColumns(grouping),
      rows: groups.map((group) => ({
        cells: { ...(grouping === 'matter' ? { client: group.clientName } : {}), group: group.groupName, ...figureCells(group) },
        drill: drillOf(grouping, group),
      })),
      totals: [{ cells: { [groupLabel]: `Total ${currency}`, ...figureCells(total) }, drill: {} }],
      ...footer,
      checks: [
        hoursCheck(
          `${rowsAddUp ? 'Σ rows’' : 'Total'} hours = Σ hours of the billable time entries in the filter`,
          rowsAddUp ? rowsTotal.hours : total.hours,
          sums.entries.hours,
        ),
        moneyCheck(
          `${rowsAddUp ? 'Σ rows’' : 'Total'} standard value = Σ amounts of the billable time entries in the filter, ${currency}`,
          rowsAddUp ? rowsTotal.standard : total.standard,
          sums.entries.standard,
        ),
        timeBilledOnceCheck(sums.lines, { ofFeeEarner: Boolean(query.FeeEarnerId) }),
      ],
      page: null,
    };
  },
});
