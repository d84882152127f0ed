import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { isMoneyKeyBlocked, MoneyInput, nextMoneyValue } from './money-input.tsx';

const key = (value: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('money input rules', () => {
  it('strips thousands separators', () => {
    expect(nextMoneyValue('1,234,567.5')).toBe('1234567.5');
  });

  it('allows at most 2 decimals', () => {
    expect(nextMoneyValue('12.34')).toBe('12.34');
    expect(nextMoneyValue('12.345')).toBeNull();
  });

  it('rejects text that is not money', () => {
    expect(nextMoneyValue('12a')).toBeNull();
    expect(nextMoneyValue('-5')).toBeNull();
    expect(nextMoneyValue('')).toBe('');
  });

  it('honours max', () => {
    expect(nextMoneyValue('100.00', '100')).toBe('100.00');
    expect(nextMoneyValue('100.01', '100')).toBeNull();
  });

  it('blocks Enter, up/down arrows and letters at the key handler, but not digits', () => {
    expect(isMoneyKeyBlocked(key('Enter'))).toBe(true);
    expect(isMoneyKeyBlocked(key('ArrowUp'))).toBe(true);
    expect(isMoneyKeyBlocked(key('ArrowDown'))).toBe(true);
    expect(isMoneyKeyBlocked(key('e'))).toBe(true);
    expect(isMoneyKeyBlocked(key('7'))).toBe(false);
    expect(isMoneyKeyBlocked(key('.'))).toBe(false);
    expect(isMoneyKeyBlocked(key('ArrowLeft'))).toBe(false);
    expect(isMoneyKeyBlocked(key('Backspace'))).toBe(false);
    expect(isMoneyKeyBlocked(key('v', { ctrlKey: true }))).toBe(false);
  });
});

function Harness({ max }: { max?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <MoneyInput label="Amount" value={value} onChange={setValue} max={max} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('MoneyInput', () => {
  it('keeps valid text and rejects invalid text', () => {
    renderAt(<Harness max="5000" />);
    const input = screen.getByLabelText('Amount');
    fireEvent.change(input, { target: { value: '1,234.5' } });
    expect(screen.getByTestId('value')).toHaveTextContent('1234.5');
    fireEvent.change(input, { target: { value: '1234.567' } });
    expect(screen.getByTestId('value')).toHaveTextContent('1234.5');
    fireEvent.change(input, { target: { value: '6000' } });
    expect(screen.getByTestId('value')).toHaveTextContent('1234.5');
  });

  it('shows the amount with separators and 2 decimals when not focused', () => {
    renderAt(<Harness />);
    const input = screen.getByLabelText('Amount');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1234.5' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('1,234.50');
  });

  it('shows a leading-dot amount as a whole amount when not focused', () => {
    renderAt(<Harness />);
    const input = screen.getByLabelText('Amount');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '.5' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('0.50');
  });

  it('keeps the shown text when focused, so a selection made on focus is typed over', async () => {
    renderAt(<Harness />);
    const input = screen.getByLabelText('Amount');
    fireEvent.change(input, { target: { value: '75000' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('75,000.00');
    fireEvent.focus(input);
    expect(input).toHaveValue('75,000.00');
    fireEvent.change(input, { target: { value: '90000' } });
    expect(input).toHaveValue('90000');
    expect(screen.getByTestId('value')).toHaveTextContent('90000');
  });
});
