import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { SearchableSelect, type SearchableSelectProps } from './searchable-select.tsx';
import type { SelectOption } from './select-options.ts';

const matters: SelectOption[] = [
  { value: 'm1', label: 'Smith v Jones' },
  { value: 'm2', label: 'Estate of Brown' },
  { value: 'm3', label: 'Acme lease review' },
];

function Harness(props: Partial<SearchableSelectProps>) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchableSelect
        label="Matter"
        entity="matter"
        placeholder="Select matter"
        options={matters}
        value={value}
        onChange={setValue}
        {...props}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Matter' });

describe('SearchableSelect', () => {
  it('is labelled, shows an asterisk when asked and an error only when given', () => {
    const { unmount } = renderAt(<Harness withAsterisk />);
    expect(field()).toHaveTextContent('Select matter');
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.queryByText('Matter is required')).not.toBeInTheDocument();
    unmount();
    renderAt(<Harness error="Matter is required" />);
    expect(screen.getByText('Matter is required')).toBeInTheDocument();
  });

  it('opens with a Search box and a list at most 120 px high', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(field());
    expect(screen.getByPlaceholderText('Search')).toBeVisible();
    const list = screen.getByRole('listbox');
    expect(list).toHaveStyle({ maxHeight: '120px', overflowY: 'auto' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Smith v Jones', 'Estate of Brown', 'Acme lease review']);
  });

  it('filters by the search text and reads "No matter found." when nothing matches', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.click(field());
    await user.type(screen.getByPlaceholderText('Search'), 'ESTATE');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Estate of Brown']);
    await user.type(screen.getByPlaceholderText('Search'), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matter found.')).toBeVisible();
  });

  it('closes after a choice and hands the parent the id', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.click(field());
    await user.click(screen.getByRole('option', { name: 'Estate of Brown' }));
    expect(screen.getByTestId('value')).toHaveTextContent('m2');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveTextContent('Estate of Brown');
    await user.click(field());
    expect(screen.getByRole('option', { name: 'Estate of Brown' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows group headings for grouped options', async () => {
    const user = userEvent.setup();
    renderAt(
      <Harness
        options={[
          { value: 'a', label: 'Litigation', group: 'Contentious' },
          { value: 'b', label: 'Conveyancing', group: 'Non-contentious' },
        ]}
      />,
    );
    await user.click(field());
    expect(within(screen.getByRole('group', { name: 'Contentious' })).getByRole('option')).toHaveTextContent('Litigation');
    expect(within(screen.getByRole('group', { name: 'Non-contentious' })).getByRole('option')).toHaveTextContent('Conveyancing');
  });

  it('is keyboard operable: Enter opens, arrows move, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    field().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeVisible();
    await waitFor(() => expect(screen.getByPlaceholderText('Search')).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('m2');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByPlaceholderText('Search')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(field()).toHaveFocus());
  });

  it('does not open when disabled', async () => {
    const user = userEvent.setup();
    renderAt(<Harness disabled />);
    expect(field()).toBeDisabled();
    await user.click(field());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
