import { Button, Collapse, Paper, SimpleGrid, Switch } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { BILLING_FILTERS, PAYMENT_FILTERS, STATUS_FILTERS, type ExpenseTab, type ListParamChanges } from '../utils/expense-list-params.ts';

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
  const members = useQuery(teamMembersQuery);

  // Clear filters remounts the search box, dropping a search it was still waiting to send.
  const [clearCount, setClearCount] = useState(0);

  const { includeRequests, isRequestStatus: _isRequestStatus, ...textValues } = values;
  const isFiltered = includeRequests || Object.values(textValues).some((value) => value !== '');

  // On a phone the filters fold under a button, so the list is not a screen away; the search stays.
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [areFiltersOpen, filtersPanel] = useDisclosure(false);
  const activeFilterCount =
    [values.status, values.paymentStatus, values.billingStatus, values.addedBy, values.clientId, values.from, values.to].filter(
      (value) => value !== '',
    ).length + (values.includeRequests ? 1 : 0);

  const clearFilters = () => {
    setClearCount((count) => count + 1);
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
  };

  const searchBox = (
    <ListSearchInput
      key={clearCount}
      label="Search expenses"
      placeholder="Description, payee, reference…"
      value={values.search}
      onSearch={(search) => onChange({ search })}
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
      {isClientTab && <ClientMatterFilters clientId={values.clientId} matterId={values.matterId} onChange={onChange} />}
      <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
      <Switch
        label="Include expense requests"
        description={values.isRequestStatus ? 'Included: the status chosen is a request status' : 'Pending and rejected requests too'}
        checked={values.includeRequests || values.isRequestStatus}
        disabled={values.isRequestStatus}
        onChange={(event) => onChange({ includeRequests: event.currentTarget.checked ? 'true' : '' })}
        style={{ alignSelf: 'center' }}
      />
      <Button variant="subtle" disabled={!isFiltered} style={{ alignSelf: 'end' }} onClick={clearFilters}>
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
