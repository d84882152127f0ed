import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';

type IsoDateFieldProps = {
  label: string;
  /** YYYY-MM-DD, '' when empty. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: string;
  withAsterisk?: boolean;
  description?: string;
};

/** The app's DD/MM/YYYY date picker over an ISO value, as the accounting calls take dates. */
export function IsoDateField({ value, onChange, ...props }: IsoDateFieldProps) {
  return (
    <DatePickerField
      {...props}
      value={value ? isoDateToMonthDayYear(value) : ''}
      onChange={(monthDayYear) => onChange(monthDayYear ? (monthDayYearToIsoDate(monthDayYear) ?? '') : '')}
    />
  );
}
