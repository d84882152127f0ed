import { Checkbox, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { CUSTOM_FIELD_TYPES, customFieldInputSchema, type CustomField } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { createCustomField, updateCustomField, type CustomFieldEntity } from '../api/custom-fields.ts';
import { FIELD_TYPE_LABELS } from './custom-field-labels.ts';

/** `field: null` adds a field to `entityType`. */
export type CustomFieldEditor = { entityType: CustomFieldEntity; field: CustomField | null; nextOrder: number } | null;

function optionsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function CustomFieldForm({
  editor,
  onClose,
  onSaved,
}: {
  editor: NonNullable<CustomFieldEditor>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { field, entityType, nextOrder } = editor;
  const [optionsText, setOptionsText] = useState(field?.options.join('\n') ?? '');
  const form = useSchemaForm(customFieldInputSchema, {
    entityType,
    label: field?.label ?? '',
    fieldType: (field?.fieldType ?? 'text') as string,
    options: field?.options ?? ([] as string[]),
    isRequired: field?.isRequired ?? false,
    sortOrder: field?.sortOrder ?? nextOrder,
  });
  const isSelect = form.values.fieldType === 'select';
  const submit = form.onSubmit(async (data) => {
    const body = { ...data, options: data.fieldType === 'select' ? data.options : [] };
    if (field) await updateCustomField(field.id, body);
    else await createCustomField(body);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Label" withAsterisk data-autofocus {...form.inputProps('label')} />
        <SearchableSelect
          label="Field type"
          entity="field type"
          withAsterisk
          options={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
          value={form.values.fieldType}
          onChange={(value) => form.setValue('fieldType', value)}
          error={form.errorFor('fieldType')}
        />
        {isSelect && (
          <Textarea
            label="Options"
            withAsterisk
            description="One option per line."
            rows={4}
            value={optionsText}
            onChange={(event) => {
              setOptionsText(event.currentTarget.value);
              form.setValue('options', optionsOf(event.currentTarget.value));
            }}
            onBlur={() => form.touch('options')}
            error={form.errorFor('options')}
          />
        )}
        <Checkbox
          label="Required"
          checked={form.values.isRequired}
          onChange={(event) => form.setValue('isRequired', event.currentTarget.checked)}
        />
        <NumberInput
          label="Order"
          description="Fields are shown from the lowest number up."
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          value={form.values.sortOrder}
          onChange={(value) => form.setValue('sortOrder', typeof value === 'number' ? value : Number(value) || 0)}
          onBlur={() => form.touch('sortOrder')}
          error={form.errorFor('sortOrder')}
        />
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
          {field ? 'Save changes' : 'Add field'}
        </SubmitButton>
      </Stack>
    </form>
  );
}

export function CustomFieldModal({ editor, onClose, onSaved }: { editor: CustomFieldEditor; onClose: () => void; onSaved: () => void }) {
  const noun = editor?.entityType === 'matter' ? 'matter' : 'client';
  return (
    <AppModal opened={editor !== null} onClose={onClose} title={editor?.field ? `Edit ${noun} field` : `New ${noun} field`}>
      {editor && <CustomFieldForm key={editor.field?.id ?? 'new'} editor={editor} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}
