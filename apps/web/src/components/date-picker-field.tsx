import { Loader, Popover, TextInput, type MantineSize } from '@mantine/core';
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  displayDateToMonthDayYear,
  isoDateToMonthDayYear,
  isValidDisplayDate,
  monthDayYearToDisplayDate,
  monthDayYearToIsoDate,
} from './date-text.ts';

// The calendar (Mantine's dates package and dayjs, 13 KB) loads when a date field is first focused
// or clicked, not with every page that shows one: typing a date needs none of it.
const loadCalendar = () => import('./date-calendar.tsx');
const DateCalendar = lazy(loadCalendar);

export const DATE_PLACEHOLDER = 'DD/MM/YYYY';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const INVALID_DATE_MESSAGE = 'Enter a date as DD/MM/YYYY';

export type DatePickerFieldProps = {
  label?: ReactNode;
  /** The parent's MM/DD/YYYY text ('' when empty); see date-text.ts to turn it into ISO. */
  value: string;
  /** Receives MM/DD/YYYY for a real date, '' while the text is empty or not a real date. */
  onChange: (monthDayYear: string) => void;
  /** Receives the text as typed (DD/MM/YYYY or not), for a form that must tell an empty field from a wrong date. */
  onTextChange?: (text: string) => void;
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

/** Typed text stays DD/MM/YYYY: digits and slashes only (the field's maxLength caps it at 10). */
function blocksKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !/[\d/]/.test(event.key);
}

/**
 * A date field (SPEC.md §2, §4): shows and keeps DD/MM/YYYY text, hands its parent MM/DD/YYYY. A
 * click on the field opens or closes the calendar unless disabled; choosing a date, Escape or a
 * click outside closes it. Typing DD/MM/YYYY works too; text that is not a date is flagged once
 * touched, and the parent sees '' for it.
 */
export function DatePickerField({
  label,
  value,
  onChange,
  onTextChange,
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
  // The text as typed; null shows the parent's date.
  const [text, setText] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  // The parent set a date of its own (a reset, an entry loaded for editing): the field shows it.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== displayDateToMonthDayYear(text ?? '')) setText(null);
  }
  const ownError = isTouched && text !== null && text !== '' && !isValidDisplayDate(text) ? INVALID_DATE_MESSAGE : undefined;
  const isCalendarOpen = isOpen && !disabled;

  return (
    // withRoles: the dropdown is a dialog and the field says whether it is expanded (aria-haspopup,
    // aria-expanded), which only a combobox may carry (axe: aria-allowed-attr, critical).
    <Popover opened={isCalendarOpen} onChange={setIsOpen} position="bottom-start" withRoles trapFocus={false} returnFocus shadow="md">
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
          inputMode="numeric"
          role="combobox"
          autoComplete="off"
          maxLength={10}
          value={text ?? monthDayYearToDisplayDate(value)}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setText(typed);
            onTextChange?.(typed);
            const monthDayYear = displayDateToMonthDayYear(typed);
            if (monthDayYear !== value) onChange(monthDayYear);
          }}
          onFocus={() => void loadCalendar()}
          onClick={() => {
            if (!disabled) setIsOpen((open) => !open);
          }}
          onKeyDown={(event) => {
            if (blocksKey(event)) event.preventDefault();
            if (event.key === 'Escape') setIsOpen(false);
            if (event.key === 'ArrowDown' && !disabled) setIsOpen(true);
          }}
          onBlur={() => {
            setIsTouched(true);
            onBlur?.();
          }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" aria-label="Loading the calendar" />}>
          <DateCalendar
            value={monthDayYearToIsoDate(value) ?? ''}
            minDate={minDate}
            maxDate={maxDate}
            onPick={(iso) => {
              setText(null);
              setIsOpen(false);
              const monthDayYear = isoDateToMonthDayYear(iso);
              onTextChange?.(monthDayYearToDisplayDate(monthDayYear));
              if (monthDayYear !== value) onChange(monthDayYear);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
