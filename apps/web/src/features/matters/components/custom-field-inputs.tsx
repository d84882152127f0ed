import { Stack, Text, TextInput } from '@mantine/core';
import type { CustomField } from '@matterhorn/shared';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';

export type CustomFieldInputsProps = {
  fields: CustomField[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  onBlur: () => void;
  errors: Record<string, string>;
};

/** The firm's own matter fields, keyed by field id; dates are kept as ISO text. */
export function CustomFieldInputs({ fields, values, onChange, onBlur, errors }: CustomFieldInputsProps) {
  if (fields.length === 0) return null;
  const set = (id: string, value: string) => onChange({ ...values, [id]: value });

  return (
    <Stack gap="xs" role="group" aria-labelledby="custom-fields-heading">
      <Text fw={600} id="custom-fields-heading">
        Custom fields
      </Text>
      {fields.map((field) => {
        const value = values[field.id] ?? '';
        const common = { label: field.label, withAsterisk: field.isRequired, error: errors[field.id], onBlur };
        if (field.fieldType === 'select') {
          return (
            <SearchableSelect
              key={field.id}
              {...common}
              entity="option"
              placeholder="Select option"
              options={field.options.map((option) => ({ value: option, label: option }))}
              value={value}
              onChange={(next) => set(field.id, next)}
            />
          );
        }
        if (field.fieldType === 'date') {
          return (
            <DatePickerField
              key={field.id}
              {...common}
              value={isoDateToMonthDayYear(value)}
              onChange={(monthDayYear) => set(field.id, monthDayYearToIsoDate(monthDayYear) ?? '')}
            />
          );
        }
        return (
          <TextInput
            key={field.id}
            {...common}
            inputMode={field.fieldType === 'number' ? 'decimal' : undefined}
            maxLength={1000}
            value={value}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (field.fieldType === 'number' && !/^-?\d*(\.\d*)?$/.test(next)) return;
              set(field.id, next);
            }}
          />
        );
      })}
    </Stack>
  );
}
