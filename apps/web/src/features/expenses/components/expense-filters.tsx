import { Button, Collapse, Paper, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { BILLING_FILTERS, PAYMENT_FILTERS, STATUS_FILTERS, type ExpenseTab, type ListParamChanges } from '../utils/expense-list-params.ts';

const SEARCH_DELAY_MS = 300;

/** The filters as the URL holds them ('' when unset; dates ISO). */
export type ExpenseFilterValues = {
  search: string;
  status: string;
  paymentStatus: string;
  billingStatus: string;
  addedBy: string;
  clientId: string;
  matterId: string;
  from: string;
  to: string;
  includeRequests: boolean;
  /** Pending or Rejected chosen: the requests are in the list whatever the switch says. */
  isRequestStatus: boolean;
};

export type ExpenseFiltersProps = {
  tab: ExpenseTab;
  values: ExpenseFilterValues;
  onChange: (changes: ListParamChanges) => void;
};

/** SPEC.md §3's expense filters and the search box; every change lands in the URL. */
export function ExpenseFilters({ tab, values, onChange }: ExpenseFiltersProps) {
  const isClientTab = tab === 'client';
  const clients = useQuery({ ...associatedClientsQuery, enabled: isClientTab });
  const matters = useQuery(clientMattersQuery(isClientTab ? values.clientId : ''));
  const members = useQuery(teamMembersQuery);

  // The box shows what is typed; the URL (and so the call) follows after a short pause. A new
  // `search` from outside (the global search) replaces the text.
  const [searchText, setSearchText] = useState(values.search);
  const [shownSearch, setShownSearch] = useState(values.search);
  if (values.search !== shownSearch) {
    setShownSearch(values.search);
    setSearchText(values.search);
  }
  const applySearch = useDebouncedCallback((text: string) => {
    setShownSearch(text.trim());
    onChange({ search: text.trim() });
  }, SEARCH_DELAY_MS);

  const { includeRequests, isRequestStatus: _isRequestStatus, ...textValues } = values;
  const isFiltered = includeRequests || Object.values(textValues).some((value) => value !== '');

  // On a phone the filters fold under a button, so the list is not a screen away; the search stays.
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [areFiltersOpen, filtersPanel] = useDisclosure(false);
  const activeFilterCount =
    [values.status, values.paymentStatus, values.billingStatus, values.addedBy, values.clientId, values.from, values.to].filter(
      (value) => value !== '',
    ).length + (values.includeRequests ? 1 : 0);

  const searchBox = (
    <TextInput
      label="Search expenses"
      placeholder="Description, payee, reference…"
      type="search"
      value={searchText}
      onChange={(event) => {
        setSearchText(event.currentTarget.value);
        applySearch(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') applySearch.flush();
      }}
    />
  );

  const fields = (
    <>
      <SearchableSelect
        label="Status"
        entity="status"
        options={STATUS_FILTERS}
        value={values.status}
        onChange={(status) => onChange({ status })}
      />
      <SearchableSelect
        label="Payment status"
        entity="payment status"
        options={PAYMENT_FILTERS}
        value={values.paymentStatus}
        onChange={(paymentStatus) => onChange({ paymentStatus })}
      />
      {isClientTab && (
        <SearchableSelect
          label="Billing status"
          entity="billing status"
          options={BILLING_FILTERS}
          value={values.billingStatus}
          onChange={(billingStatus) => onChange({ billingStatus })}
        />
      )}
      <SearchableSelect
        label="Added by"
        entity="user"
        options={[{ value: '', label: 'Everyone' }, ...(members.data ?? []).map((user) => ({ value: user.id, label: user.name }))]}
        value={values.addedBy}
        onChange={(addedBy) => onChange({ addedBy })}
      />
      {isClientTab && (
        <ClientSelect
          label="Client"
          showEveryone
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={values.clientId}
          onChange={(clientId) => onChange({ client: clientId, matter: '' })}
        />
      )}
      {isClientTab && (
        <SearchableSelect
          label="Matter"
          entity="matter"
          placeholder={values.clientId ? 'All matters' : 'Choose a client first'}
          disabled={values.clientId === ''}
          options={[
            { value: '', label: 'All matters' },
            ...(matters.data ?? []).map((matter) => ({
              value: matter.id,
              label: matter.matterNumber ? `${matter.matterNumber} · ${matter.matterName}` : matter.matterName,
            })),
          ]}
          value={values.matterId}
          onChange={(matter) => onChange({ matter })}
        />
      )}
      <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
      <Switch
        label="Include expense requests"
        description={values.isRequestStatus ? 'Included: the status chosen is a request status' : 'Pending and rejected requests too'}
        checked={values.includeRequests || values.isRequestStatus}
        disabled={values.isRequestStatus}
        onChange={(event) => onChange({ includeRequests: event.currentTarget.checked ? 'true' : '' })}
        style={{ alignSelf: 'center' }}
      />
      <Button
        variant="subtle"
        disabled={!isFiltered}
        style={{ alignSelf: 'end' }}
        onClick={() => {
          applySearch.cancel();
          setSearchText('');
          setShownSearch('');
          onChange({
            search: '',
            status: '',
            paymentStatus: '',
            billingStatus: '',
            addedBy: '',
            client: '',
            matter: '',
            from: '',
            to: '',
            includeRequests: '',
          });
        }}
      >
        Clear filters
      </Button>
    </>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
      {isPhone ? (
        <>
          {searchBox}
          <Button
            variant="default"
            mt="sm"
            fullWidth
            aria-expanded={areFiltersOpen}
            aria-controls="expense-filter-fields"
            onClick={filtersPanel.toggle}
          >
            {areFiltersOpen ? 'Hide filters' : activeFilterCount > 0 ? `Filters (${activeFilterCount})` : 'Filters'}
          </Button>
          <Collapse expanded={areFiltersOpen} id="expense-filter-fields">
            <SimpleGrid cols={1} spacing="sm" mt="sm">
              {fields}
            </SimpleGrid>
          </Collapse>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {searchBox}
          {fields}
        </SimpleGrid>
      )}
    </Paper>
  );
}
