import { Popover, TextInput, type MantineSize } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { displayToIsoDate, isoToDisplayDate } from '@matterhorn/shared';
import { useState, type ReactNode } from 'react';
import { displayDateToMonthDayYear, isValidDisplayDate, monthDayYearToDisplayDate } from './date-text.ts';

export const DATE_PLACEHOLDER = 'DD/MM/YYYY';
export const INVALID_DATE_MESSAGE = 'Enter a date as DD/MM/YYYY';

export type DatePickerFieldProps = {
  label?: ReactNode;
  /** The parent's MM/DD/YYYY text ('' when empty); see date-text.ts to turn it into ISO. */
  value: string;
  /** Receives MM/DD/YYYY for a real date, '' while the text is empty or not a real date. */
  onChange: (monthDayYear: string) => void;
  /** Called when the text field loses focus, so forms can mark the field as touched. */
  onBlur?: () => void;
  placeholder?: string;
  withAsterisk?: boolean;
  /** An error from the parent (e.g. 'Date is required'); it wins over the field's own. */
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Earliest and latest choosable dates, ISO. */
  minDate?: string;
  maxDate?: string;
  id?: string;
  name?: string;
  size?: MantineSize;
  className?: string;
};

/** Only digits and slashes, at most DD/MM/YYYY's 10 characters. */
function cleanDateText(text: string): string {
  return text.replace(/[^\d/]/g, '').slice(0, 10);
}

/**
 * A date field (SPEC.md §2, §4): shows and keeps DD/MM/YYYY text, hands its parent MM/DD/YYYY.
 * A click on the field opens or closes the calendar unless disabled; choosing a date or clicking
 * outside closes it. Typing DD/MM/YYYY works too; text that is not a date is flagged once touched.
 */
export function DatePickerField({
  label,
  value,
  onChange,
  onBlur,
  placeholder = DATE_PLACEHOLDER,
  withAsterisk,
  error,
  description,
  disabled,
  minDate,
  maxDate,
  id,
  name,
  size,
  className,
}: DatePickerFieldProps) {
  const [text, setText] = useState(() => monthDayYearToDisplayDate(value));
  const [shownValue, setShownValue] = useState(value);
  const [isOpen, setIsOpen] = useState(false);
  const [isTouched, setIsTouched] = useState(false);

  // The parent changed the date (a reset, an entry loaded for editing): show its date. Text the
  // parent already knows about (including half-typed text, which it sees as '') stays as typed.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== displayDateToMonthDayYear(text)) setText(monthDayYearToDisplayDate(value));
  }

  const changeText = (next: string) => {
    setText(next);
    const monthDayYear = displayDateToMonthDayYear(next);
    if (monthDayYear !== value) onChange(monthDayYear);
  };

  const iso = displayToIsoDate(text);
  const ownError = isTouched && text !== '' && !isValidDisplayDate(text) ? INVALID_DATE_MESSAGE : undefined;

  return (
    <Popover opened={isOpen && !disabled} onChange={setIsOpen} position="bottom-start" shadow="md" trapFocus={false}>
      <Popover.Target>
        <TextInput
          id={id}
          name={name}
          label={label}
          withAsterisk={withAsterisk}
          description={description}
          error={error ?? ownError}
          disabled={disabled}
          size={size}
          className={className}
          placeholder={placeholder}
          autoComplete="off"
          inputMode="numeric"
          value={text}
          onClick={() => {
            if (!disabled) setIsOpen((open) => !open);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setIsOpen(false);
            if (event.key === 'ArrowDown' && !disabled) setIsOpen(true);
          }}
          onChange={(event) => changeText(cleanDateText(event.currentTarget.value))}
          onBlur={() => {
            setIsTouched(true);
            onBlur?.();
          }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          key={iso ?? 'no-date'}
          value={iso}
          defaultDate={iso ?? undefined}
          minDate={minDate}
          maxDate={maxDate}
          onChange={(picked) => {
            if (picked) changeText(isoToDisplayDate(picked));
            setIsOpen(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
