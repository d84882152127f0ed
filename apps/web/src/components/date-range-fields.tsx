import { DatePickerField } from './date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from './date-text.ts';

export const DATE_RANGE_BACKWARDS = 'To must be on or after From';

/** A list filter's From and To dates, ISO ('' for none); To is flagged when it comes before From. */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (change: { from?: string; to?: string }) => void;
}) {
  const isBackwards = from !== '' && to !== '' && from > to;
  return (
    <>
      <DatePickerField
        label="From"
        value={isoDateToMonthDayYear(from)}
        onChange={(monthDayYear) => onChange({ from: monthDayYearToIsoDate(monthDayYear) ?? '' })}
      />
      <DatePickerField
        label="To"
        value={isoDateToMonthDayYear(to)}
        minDate={from || undefined}
        error={isBackwards ? DATE_RANGE_BACKWARDS : undefined}
        onChange={(monthDayYear) => onChange({ to: monthDayYearToIsoDate(monthDayYear) ?? '' })}
      />
    </>
  );
}
