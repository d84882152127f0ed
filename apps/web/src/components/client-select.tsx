import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { SearchableSelect, type SearchableSelectProps } from './searchable-select.tsx';
import type { SelectOption } from './select-options.ts';

/** SPEC.md §2 texts and sizes for the client dropdown. */
export const INDIVIDUAL_GROUP = 'Individual';
export const COMPANY_GROUP = 'Company';
export const EVERYONE_LABEL = 'Everyone';
/** The 'Everyone' choice means "all clients", so its value is empty. */
export const EVERYONE_VALUE = '';
export const CLIENT_LIST_MAX_HEIGHT = 300;

/** SPEC.md §3: the two kinds of client. */
export type ClientPerson = { userId: string; name: string };
export type ClientCompany = { companyId: string; companyName: string };

export type ClientSelectProps = Omit<SearchableSelectProps, 'options' | 'entity' | 'maxListHeight' | 'footer'> & {
  people: ClientPerson[];
  companies: ClientCompany[];
  /** Adds an 'Everyone' choice at the top whose value is '' (all clients). */
  showEveryone?: boolean;
  /** A link under the list, e.g. { label: 'Add new client', to: '/clients/add-new-client' }. */
  addLink?: { label: string; to: string };
};

/** People under 'Individual', companies under 'Company', optionally 'Everyone' first. */
export function clientOptions(people: ClientPerson[], companies: ClientCompany[], showEveryone = false): SelectOption[] {
  return [
    ...(showEveryone ? [{ value: EVERYONE_VALUE, label: EVERYONE_LABEL }] : []),
    ...people.map((person) => ({ value: person.userId, label: person.name, group: INDIVIDUAL_GROUP })),
    ...companies.map((company) => ({ value: company.companyId, label: company.companyName, group: COMPANY_GROUP })),
  ];
}

/** The client dropdown (SPEC.md §2): a searchable single select of people and companies. */
export function ClientSelect({ people, companies, showEveryone = false, addLink, ...rest }: ClientSelectProps) {
  return (
    <SearchableSelect
      {...rest}
      options={clientOptions(people, companies, showEveryone)}
      entity="client"
      maxListHeight={CLIENT_LIST_MAX_HEIGHT}
      footer={
        addLink ? (
          <Anchor component={Link} to={addLink.to} size="sm">
            {addLink.label}
          </Anchor>
        ) : undefined
      }
    />
  );
}
