import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';

export type DateFieldProps = {
  label: string;
  /** ISO ('' for none). */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  withAsterisk?: boolean;
  minDate?: string | undefined;
};

/** The app's date field over an ISO value: shows DD/MM/YYYY, hands back ISO ('' while not a date). */
export function DateField({ label, value, onChange, onBlur, error, withAsterisk, minDate }: DateFieldProps) {
  return (
    <DatePickerField
      label={label}
      withAsterisk={withAsterisk}
      value={isoDateToMonthDayYear(value)}
      onChange={(monthDayYear) => onChange(monthDayYearToIsoDate(monthDayYear) ?? '')}
      onBlur={onBlur}
      error={error}
      minDate={minDate}
    />
  );
}
