import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { DatePickerField, type DatePickerFieldProps } from './date-picker-field.tsx';

function Harness({ initialValue = '', ...props }: Partial<DatePickerFieldProps> & { initialValue?: string }) {
  const [value, setValue] = useState(initialValue);
  return (
    <>
      <DatePickerField label="Date" value={value} onChange={setValue} {...props} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Date' });

describe('DatePickerField', () => {
  it("shows the parent's month/day/year date as DD/MM/YYYY", () => {
    renderAt(<Harness initialValue="03/15/2024" />);
    expect(field()).toHaveValue('15/03/2024');
    expect(field()).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  });

  it('hands the parent MM/DD/YYYY for typed DD/MM/YYYY, and "" until the text is a real date', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.type(field(), '15/03/202');
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    await user.type(field(), '4');
    expect(field()).toHaveValue('15/03/2024');
    expect(screen.getByTestId('value')).toHaveTextContent('03/15/2024');
  });

  it('is a combobox, the role that may say whether its calendar is expanded', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(field());
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the calendar on a field click at the chosen month, and closes on the next click', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue="03/15/2024" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(field());
    expect(screen.getByRole('dialog')).toBeVisible();
    // The calendar is a lazy chunk: its days appear once it has loaded.
    expect(await screen.findByRole('button', { name: '15 March 2024' })).toBeInTheDocument();
    await user.click(field());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open when disabled', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue="03/15/2024" disabled />);
    await user.click(field());
    fireEvent.click(field());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on choosing a date, shows it as DD/MM/YYYY and hands the parent MM/DD/YYYY', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue="03/15/2024" />);
    await user.click(field());
    await user.click(await screen.findByRole('button', { name: '20 March 2024' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field()).toHaveValue('20/03/2024');
    expect(screen.getByTestId('value')).toHaveTextContent('03/20/2024');
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue="03/15/2024" />);
    await user.click(field());
    expect(screen.getByRole('dialog')).toBeVisible();
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('flags text that is not a date only once the field is touched', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.type(field(), '31/02/2024');
    expect(screen.queryByText('Enter a date as DD/MM/YYYY')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    await user.tab();
    expect(screen.getByText('Enter a date as DD/MM/YYYY')).toBeInTheDocument();
  });

  it("shows the parent's error in place of its own and follows a parent reset", async () => {
    const user = userEvent.setup();
    renderAt(<Harness initialValue="03/15/2024" error="Date is required" />);
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field()).toHaveValue('');
  });

  it('accepts only digits and slashes', async () => {
    const user = userEvent.setup();
    renderAt(<Harness />);
    await user.type(field(), '1a5/0-3/2024x');
    expect(field()).toHaveValue('15/03/2024');
  });
});
