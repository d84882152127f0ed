import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';

/** A date field over an ISO value ('' while empty or not a real date). */
export function IsoDateField({
  label,
  value,
  onChange,
  onBlur,
  error,
  withAsterisk,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  withAsterisk?: boolean;
}) {
  return (
    <DatePickerField
      label={label}
      withAsterisk={withAsterisk}
      value={value ? isoDateToMonthDayYear(value) : ''}
      onChange={(monthDayYear) => onChange(monthDayYearToIsoDate(monthDayYear) ?? '')}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** The server's refusal in words, inside the form that asked (not only a toast). */
export function RefusalAlert({ refusal }: { refusal: string | null }) {
  if (!refusal) return null;
  return (
    <Alert color="red" title="Not recorded" role="alert">
      {refusal}
    </Alert>
  );
}
