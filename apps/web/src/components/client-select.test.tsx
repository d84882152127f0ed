import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { ClientSelect, type ClientSelectProps } from './client-select.tsx';

const people = [
  { userId: 'p1', name: 'Ada Lovelace' },
  { userId: 'p2', name: 'Alan Turing' },
];
const companies = [{ companyId: 'c1', companyName: 'Acme Ltd' }];

function Harness({ initialValue = '', ...props }: Partial<ClientSelectProps> & { initialValue?: string }) {
  const [value, setValue] = useState(initialValue);
  return (
    <>
      <ClientSelect
        label="Client"
        placeholder="Select client"
        people={people}
        companies={companies}
        value={value}
        onChange={setValue}
        {...props}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const openClients = async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Client' }));
  return user;
};

describe('ClientSelect', () => {
  it('lists people under Individual and companies under Company, in a list at most 300 px high', async () => {
    renderAt(<Harness />);
    await openClients();
    const individual = screen.getByRole('group', { name: 'Individual' });
    expect(
      within(individual)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ada Lovelace', 'Alan Turing']);
    const company = screen.getByRole('group', { name: 'Company' });
    expect(
      within(company)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Acme Ltd']);
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '300px' });
    expect(screen.queryByRole('option', { name: 'Everyone' })).not.toBeInTheDocument();
  });

  it('searches across both groups, hides an emptied group and reads "No client found."', async () => {
    renderAt(<Harness />);
    const user = await openClients();
    await user.type(screen.getByPlaceholderText('Search'), 'acme');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Acme Ltd']);
    expect(screen.queryByRole('group', { name: 'Individual' })).not.toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search'));
    await user.type(screen.getByPlaceholderText('Search'), 'nobody');
    expect(screen.getByText('No client found.')).toBeVisible();
  });

  it('offers Everyone first when asked, meaning all clients (value "")', async () => {
    renderAt(<Harness showEveryone initialValue="p1" />);
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace');
    const user = await openClients();
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Everyone');
    await user.click(screen.getByRole('option', { name: 'Everyone' }));
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Everyone');
  });

  it('shows an add link that goes to its page', async () => {
    renderAt(<Harness addLink={{ label: 'Add new client', to: '/clients/add-new-client' }} />);
    const user = await openClients();
    const link = screen.getByRole('link', { name: 'Add new client' });
    expect(link).toHaveAttribute('href', '/clients/add-new-client');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/clients/add-new-client');
  });

  it('has no add link unless asked', async () => {
    renderAt(<Harness />);
    await openClients();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
