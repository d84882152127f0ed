import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { MultiSelect, toggleSelectedValue, type MultiSelectProps } from './multi-select.tsx';
import type { SelectOption } from './select-options.ts';

const areas: SelectOption[] = [
  { value: 'a1', label: 'Family' },
  { value: 'a2', label: 'Property' },
  { value: 'a3', label: 'Employment' },
];

function Harness({ initialValue = [], ...props }: Partial<MultiSelectProps> & { initialValue?: string[] }) {
  const [value, setValue] = useState(initialValue);
  return (
    <>
      <MultiSelect label="Practice areas" entity="practice area" options={areas} value={value} onChange={setValue} {...props} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Practice areas' });
/** The area holding the chosen items (the field's input box). */
const chosenArea = () => {
  const area = field().closest<HTMLElement>('[data-no-overflow]');
  if (!area) throw new Error('No chosen-items area');
  return area;
};

describe('toggleSelectedValue', () => {
  it('adds a new value at the end and removes a chosen one', () => {
    expect(toggleSelectedValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleSelectedValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('MultiSelect', () => {
  it("shows 'Select Option' by default, or the given placeholder, while nothing is chosen", () => {
    const { unmount } = renderAt(<Harness />);
    expect(field()).toHaveAttribute('placeholder', 'Select Option');
    unmount();
    renderAt(<Harness placeholder="Pick areas" />);
    expect(field()).toHaveAttribute('placeholder', 'Pick areas');
  });

  it('keeps the chosen items in an area 44–100 px high that scrolls, and a list at most 300 px high', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    expect(chosenArea()).toHaveStyle({ minHeight: '44px', maxHeight: '100px', overflowY: 'auto' });
    await user.click(field());
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '300px', overflowY: 'auto' });
  });

  it('stays open after a choice so several can be chosen', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.click(field());
    await user.click(screen.getByRole('option', { name: 'Family' }));
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.click(screen.getByRole('option', { name: 'Employment' }));
    expect(screen.getByTestId('value')).toHaveTextContent('a1,a3');
    expect(screen.getByRole('option', { name: 'Family' })).toHaveAttribute('aria-selected', 'true');
    expect(field()).not.toHaveAttribute('placeholder');
    // Choosing a chosen item again un-chooses it.
    await user.click(screen.getByRole('option', { name: 'Family' }));
    expect(screen.getByTestId('value')).toHaveTextContent('a3');
  });

  it("has a 'Search' box and reads 'No practice area found.' when nothing matches", async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.click(field());
    await user.type(screen.getByPlaceholderText('Search'), 'prop');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Property']);
    await user.type(screen.getByPlaceholderText('Search'), 'xyz');
    expect(screen.getByText('No practice area found.')).toBeVisible();
  });

  it('removes a chosen item with its remove button', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue={['a1', 'a2']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Family' }));
    expect(screen.getByTestId('value')).toHaveTextContent('a2');
    expect(within(chosenArea()).queryByText('Family')).not.toBeInTheDocument();
    expect(within(chosenArea()).getByText('Property')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('does not remove or open while disabled', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue={['a1', 'a2']} disabled />);
    expect(within(chosenArea()).getByText('Family')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Family' })).not.toBeInTheDocument();
    await user.click(within(chosenArea()).getByText('Family'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('a1,a2');
  });

  it('is keyboard operable: Enter opens, arrows and Enter choose, Escape closes, Backspace removes the last', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    field().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByPlaceholderText('Search')).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('a1,a2');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('value')).toHaveTextContent('a1');
  });
});
