import { TextInput } from '@mantine/core';
import { auditActionLabel, auditRecordTypeLabel, type ReportEntry } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { ClientSelect } from '../../../components/client-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';

/** The query parameters the report centre's filters set; a drill-down's own (Level, Bucket…) are kept apart. */
export const FILTER_PARAMS = [
  'From',
  'To',
  'AsOfDate',
  'FeeEarnerId',
  'UserId',
  'ClientId',
  'MatterId',
  'PracticeAreaId',
  'CurrencyCode',
  'Status',
  'Action',
  'RecordType',
  'Text',
  'DormantMonths',
  'Book',
  'GroupBy',
];

/** A choice among a filter's values; without an "every" choice, none chosen reads as the first (the report's default). */
function ChoiceFilter({
  label,
  entity,
  everyLabel,
  choices,
  value,
  onChange,
}: {
  label: string;
  entity: string;
  everyLabel: string | null;
  choices: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SearchableSelect
      label={label}
      entity={entity}
      options={[...(everyLabel ? [{ value: '', label: everyLabel }] : []), ...choices]}
      value={everyLabel ? value : value || (choices[0]?.value ?? '')}
      onChange={onChange}
    />
  );
}

type ReportFiltersProps = {
  entry: ReportEntry;
  values: Record<string, string>;
  onChange: (changes: Record<string, string>) => void;
};

/** A report's filters, as its catalogue entry names them; each change lands in the address. */
export function ReportFilters({ entry, values, onChange }: ReportFiltersProps) {
  const has = (filter: ReportEntry['filters'][number]) => entry.filters.includes(filter);
  const team = useQuery({ ...teamMembersQuery, enabled: has('feeEarner') || has('user') });
  const members = (team.data ?? []).map((member) => ({ value: member.id, label: member.name }));
  const clients = useQuery({ ...associatedClientsQuery, enabled: has('client') && !has('matter') });
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
        <ChoiceFilter
          label="Fee earner"
          entity="fee earner"
          everyLabel="All fee earners"
          choices={members}
          value={value('FeeEarnerId')}
          onChange={(FeeEarnerId) => onChange({ FeeEarnerId })}
        />
      )}
      {has('client') && !has('matter') && (
        <ClientSelect
          label="Client"
          showEveryone
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={value('ClientId')}
          onChange={(ClientId) => onChange({ ClientId })}
        />
      )}
      {has('client') && has('matter') && (
        <ClientMatterFilters
          clientId={value('ClientId')}
          matterId={value('MatterId')}
          onChange={({ client, matter }) =>
            onChange({ ...(client !== undefined ? { ClientId: client } : {}), ...(matter !== undefined ? { MatterId: matter } : {}) })
          }
        />
      )}
      {has('practiceArea') && (
        <ChoiceFilter
          label="Practice area"
          entity="practice area"
          everyLabel="All practice areas"
          choices={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
          value={value('PracticeAreaId')}
          onChange={(PracticeAreaId) => onChange({ PracticeAreaId })}
        />
      )}
      {has('currency') && (
        <ChoiceFilter
          label="Currency"
          entity="currency"
          everyLabel="All currencies"
          choices={(currencies.data ?? []).map((currency) => ({ value: currency.isoCurrenyCode, label: currency.isoCurrenyCode }))}
          value={value('CurrencyCode')}
          onChange={(CurrencyCode) => onChange({ CurrencyCode })}
        />
      )}
      {has('status') && entry.statuses && (
        <ChoiceFilter
          label="Status"
          entity="status"
          everyLabel="Every status"
          choices={entry.statuses.map((status) => ({ value: status, label: status }))}
          value={value('Status')}
          onChange={(Status) => onChange({ Status })}
        />
      )}
      {has('user') && (
        <ChoiceFilter
          label="Done by"
          entity="team member"
          everyLabel="Anyone"
          choices={members}
          value={value('UserId')}
          onChange={(UserId) => onChange({ UserId })}
        />
      )}
      {has('action') && entry.actions && (
        <ChoiceFilter
          label="Action"
          entity="action"
          everyLabel="Every action"
          choices={entry.actions.map((action) => ({ value: action, label: auditActionLabel(action) }))}
          value={value('Action')}
          onChange={(Action) => onChange({ Action })}
        />
      )}
      {has('recordType') && entry.recordTypes && (
        <ChoiceFilter
          label="Record type"
          entity="record type"
          everyLabel="Every record type"
          choices={entry.recordTypes.map((recordType) => ({ value: recordType, label: auditRecordTypeLabel(recordType) }))}
          value={value('RecordType')}
          onChange={(RecordType) => onChange({ RecordType })}
        />
      )}
      {has('text') && (
        <TextInput
          key={value('Text')}
          label="Containing"
          placeholder="Any text in the change"
          defaultValue={value('Text')}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ Text: event.currentTarget.value.trim() });
          }}
          onBlur={(event) => onChange({ Text: event.currentTarget.value.trim() })}
        />
      )}
      {has('dormantMonths') && (
        <TextInput
          key={value('DormantMonths')}
          label="Dormant for (months)"
          description="Blank: every balance"
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          defaultValue={value('DormantMonths')}
          onBlur={(event) => onChange({ DormantMonths: event.currentTarget.value.trim() })}
        />
      )}
      {has('book') && entry.books && (
        <ChoiceFilter
          label="Book"
          entity="book"
          everyLabel={null}
          choices={entry.books}
          value={value('Book')}
          onChange={(Book) => onChange({ Book })}
        />
      )}
      {has('groupBy') && entry.groupings && (
        <ChoiceFilter
          label="Group by"
          entity="grouping"
          everyLabel={null}
          choices={entry.groupings}
          value={value('GroupBy')}
          onChange={(GroupBy) => onChange({ GroupBy })}
        />
      )}
    </ListFilterBar>
  );
}
