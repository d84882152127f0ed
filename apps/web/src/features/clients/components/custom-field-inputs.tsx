import { SimpleGrid, TextInput } from '@mantine/core';
import type { CustomField } from '@matterhorn/shared';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';

type CustomFieldInputsProps = {
  fields: CustomField[];
  values: Record<string, string>;
  errorFor: (fieldId: string) => string | undefined;
  onChange: (fieldId: string, value: string) => void;
  onBlur: (fieldId: string) => void;
};

/** The firm's own client fields; values travel as text (dates as ISO). */
export function CustomFieldInputs({ fields, values, errorFor, onChange, onBlur }: CustomFieldInputsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map((field) => {
        const value = values[field.id] ?? '';
        const common = { label: field.label, withAsterisk: field.isRequired, error: errorFor(field.id), onBlur: () => onBlur(field.id) };
        if (field.fieldType === 'date') {
          return (
            <DatePickerField
              key={field.id}
              {...common}
              value={isoDateToMonthDayYear(value)}
              onChange={(monthDayYear) => onChange(field.id, monthDayYearToIsoDate(monthDayYear) ?? '')}
            />
          );
        }
        if (field.fieldType === 'select') {
          return (
            <SearchableSelect
              key={field.id}
              {...common}
              entity="option"
              placeholder="Select Option"
              value={value}
              options={field.options.map((option) => ({ value: option, label: option }))}
              onChange={(next) => onChange(field.id, next)}
            />
          );
        }
        return (
          <TextInput
            key={field.id}
            {...common}
            inputMode={field.fieldType === 'number' ? 'decimal' : undefined}
            value={value}
            onChange={(event) => onChange(field.id, event.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
}
