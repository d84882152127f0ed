import { DatePicker } from '@mantine/dates';

export type DateCalendarProps = {
  /** The chosen date, ISO ('' for none): the calendar opens at its month. */
  value: string;
  minDate?: string;
  maxDate?: string;
  onPick: (iso: string) => void;
};

/** The calendar of DatePickerField, in a chunk of its own: it loads when a date field is first used. */
export default function DateCalendar({ value, minDate, maxDate, onPick }: DateCalendarProps) {
  return (
    <DatePicker
      value={value || null}
      defaultDate={value || undefined}
      minDate={minDate}
      maxDate={maxDate}
      onChange={(iso) => {
        if (iso) onPick(iso);
      }}
    />
  );
}
