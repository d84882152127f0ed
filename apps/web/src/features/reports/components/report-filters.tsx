import { type ReportEntry } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';

/** The query parameters the report centre's filters set; a drill-down's own (Level, Bucket…) are kept apart. */
export const FILTER_PARAMS = ['From', 'To', 'AsOfDate', 'FeeEarnerId', 'ClientId', 'MatterId', 'PracticeAreaId', 'CurrencyCode', 'Status'];

type ReportFiltersProps = {
  entry: ReportEntry;
  values: Record<string, string>;
  onChange: (changes: Record<string, string>) => void;
};

/** A report's filters, as its catalogue entry names them; each change lands in the address. */
export function ReportFilters({ entry, values, onChange }: ReportFiltersProps) {
  const has = (filter: ReportEntry['filters'][number]) => entry.filters.includes(filter);
  const team = useQuery({ ...teamMembersQuery, enabled: has('feeEarner') });
  const areas = useQuery({ ...practiceAreasQuery, enabled: has('practiceArea') });
  const currencies = useQuery({ ...currenciesQuery, enabled: has('currency') });
  const value = (name: string) => values[name] ?? '';
  const isFiltered = FILTER_PARAMS.some((name) => value(name) !== '');
  return (
    <ListFilterBar
      columns={{ base: 1, sm: 2, lg: 4 }}
      isFiltered={isFiltered}
      onClear={() => onChange(Object.fromEntries(FILTER_PARAMS.map((name) => [name, ''])))}
    >
      {has('dateRange') && (
        <DateRangeFields
          from={value('From')}
          to={value('To')}
          onChange={({ from, to }) => onChange({ ...(from !== undefined ? { From: from } : {}), ...(to !== undefined ? { To: to } : {}) })}
        />
      )}
      {has('asOfDate') && (
        <DatePickerField
          label="As of"
          description="Blank: today"
          value={isoDateToMonthDayYear(value('AsOfDate'))}
          onChange={(monthDayYear) => onChange({ AsOfDate: monthDayYearToIsoDate(monthDayYear) ?? '' })}
        />
      )}
      {has('feeEarner') && (
        <SearchableSelect
          label="Fee earner"
          entity="fee earner"
          options={[
            { value: '', label: 'All fee earners' },
            ...(team.data ?? []).map((member) => ({ value: member.id, label: member.name })),
          ]}
          value={value('FeeEarnerId')}
          onChange={(FeeEarnerId) => onChange({ FeeEarnerId })}
        />
      )}
      {has('client') && (
        <ClientMatterFilters
          clientId={value('ClientId')}
          matterId={has('matter') ? value('MatterId') : ''}
          onChange={({ client, matter }) =>
            onChange({ ...(client !== undefined ? { ClientId: client } : {}), ...(matter !== undefined ? { MatterId: matter } : {}) })
          }
        />
      )}
      {has('practiceArea') && (
        <SearchableSelect
          label="Practice area"
          entity="practice area"
          options={[
            { value: '', label: 'All practice areas' },
            ...(areas.data ?? []).map((area) => ({ value: area.id, label: area.name })),
          ]}
          value={value('PracticeAreaId')}
          onChange={(PracticeAreaId) => onChange({ PracticeAreaId })}
        />
      )}
      {has('currency') && (
        <SearchableSelect
          label="Currency"
          entity="currency"
          options={[
            { value: '', label: 'All currencies' },
            ...(currencies.data ?? []).map((currency) => ({ value: currency.isoCurrenyCode, label: currency.isoCurrenyCode })),
          ]}
          value={value('CurrencyCode')}
          onChange={(CurrencyCode) => onChange({ CurrencyCode })}
        />
      )}
      {has('status') && entry.statuses && (
        <SearchableSelect
          label="Status"
          entity="status"
          options={[{ value: '', label: 'Every status' }, ...entry.statuses.map((status) => ({ value: status, label: status }))]}
          value={value('Status')}
          onChange={(Status) => onChange({ Status })}
        />
      )}
    </ListFilterBar>
  );
}
