import { ActionIcon, Checkbox, Group, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  INTAKE_FIELD_TYPE_LABELS,
  INTAKE_FIELD_TYPES,
  INTAKE_LEAD_FIELD_LABELS,
  INTAKE_LEAD_FIELDS,
  type IntakeFieldType,
  type ShowIfRule,
} from '@matterhorn/shared';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { LEAD_FIELD_TYPES, type BuilderField } from '../utils/builder-fields.ts';

export type FieldEditorProps = {
  field: BuilderField;
  index: number;
  count: number;
  /** The fields its show-if rule may read (those above it). */
  ruleSources: BuilderField[];
  errorAt: (path: string) => string | undefined;
  onChange: (changes: Partial<BuilderField>) => void;
  onTypeChange: (type: IntakeFieldType) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
};

const TYPE_OPTIONS = INTAKE_FIELD_TYPES.map((type) => ({ value: type, label: INTAKE_FIELD_TYPE_LABELS[type] }));
const nameOf = (field: BuilderField, index: number) => field.label.trim() || `Field ${index + 1}`;

/** The rule's answers: yes or no, some of a choice's options, or the text a text field must hold. */
function RuleValues({
  source,
  rule,
  index,
  onChange,
}: {
  source: BuilderField;
  rule: ShowIfRule;
  index: number;
  onChange: (values: string[]) => void;
}) {
  if (source.type === 'yesNo')
    return (
      <Radio.Group label="When the answer is" value={rule.values[0] ?? ''} onChange={(value) => onChange([value])}>
        <Group mt={4}>
          <Radio value="yes" label="Yes" />
          <Radio value="no" label="No" />
        </Group>
      </Radio.Group>
    );
  if (source.type === 'choice')
    return (
      <MultiSelect
        label="When the answer is one of"
        entity="option"
        options={source.options.filter(Boolean).map((option) => ({ value: option, label: option }))}
        value={rule.values}
        onChange={onChange}
        id={`field-${index}-rule-values`}
      />
    );
  return <TextInput label="When the answer is" value={rule.values[0] ?? ''} onChange={(event) => onChange([event.currentTarget.value])} />;
}

/** One field of the form being built: its type, label, hint, whether it is required, its options, the lead detail it fills and when it shows. */
export function FieldEditor({ field, index, count, ruleSources, errorAt, onChange, onTypeChange, onMove, onRemove }: FieldEditorProps) {
  const name = nameOf(field, index);
  const path = `fields.${index}`;
  const ruleSource = field.showIf ? ruleSources.find((source) => source.key === field.showIf!.fieldKey) : undefined;
  const leadFieldOptions = [
    { value: '', label: 'Nothing (kept as an answer)' },
    ...INTAKE_LEAD_FIELDS.filter((leadField) => LEAD_FIELD_TYPES[leadField].includes(field.type)).map((leadField) => ({
      value: leadField,
      label: INTAKE_LEAD_FIELD_LABELS[leadField],
    })),
  ];
  const setRule = (fieldKey: string, values: string[]) =>
    onChange({ showIf: fieldKey ? { fieldKey, operator: values.length > 1 ? 'isOneOf' : 'equals', values } : null });

  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`Field ${index + 1}: ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {name} · {INTAKE_FIELD_TYPE_LABELS[field.type]}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group grow align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label="Label"
            withAsterisk
            maxLength={200}
            value={field.label}
            error={errorAt(`${path}.label`)}
            onChange={(event) => onChange({ label: event.currentTarget.value })}
            style={{ minWidth: '12rem' }}
          />
          <SearchableSelect
            label="Type"
            entity="type"
            options={TYPE_OPTIONS}
            value={field.type}
            onChange={(type) => type && onTypeChange(type as IntakeFieldType)}
          />
        </Group>
        <TextInput
          label="Help text"
          maxLength={500}
          value={field.help ?? ''}
          error={errorAt(`${path}.help`)}
          onChange={(event) => onChange({ help: event.currentTarget.value })}
        />
        {field.type === 'choice' && (
          <Textarea
            label="Options (one a line)"
            withAsterisk
            autosize
            minRows={2}
            value={field.options.join('\n')}
            error={errorAt(`${path}.options`)}
            onChange={(event) => onChange({ options: event.currentTarget.value.split('\n') })}
          />
        )}
        <Group grow align="flex-start" wrap="wrap" gap="xs">
          <SearchableSelect
            label="Fills the lead’s"
            entity="detail"
            options={leadFieldOptions}
            value={field.leadField ?? ''}
            onChange={(leadField) => onChange({ leadField: (leadField || null) as BuilderField['leadField'] })}
          />
          <SearchableSelect
            label="Show"
            entity="field"
            options={[
              { value: '', label: 'Always' },
              ...ruleSources.map((source) => ({ value: source.key, label: `Only when ${source.label || 'an untitled field'} is…` })),
            ]}
            value={field.showIf?.fieldKey ?? ''}
            onChange={(fieldKey) => setRule(fieldKey ?? '', [])}
          />
        </Group>
        {field.showIf && ruleSource && (
          <RuleValues
            source={ruleSource}
            rule={field.showIf}
            index={index}
            onChange={(values) => setRule(field.showIf!.fieldKey, values)}
          />
        )}
        {field.showIf && errorAt(`${path}.showIf.values`) && (
          <Text size="sm" c="red">
            {errorAt(`${path}.showIf.values`)}
          </Text>
        )}
        <Checkbox label="Required" checked={field.isRequired} onChange={(event) => onChange({ isRequired: event.currentTarget.checked })} />
      </Stack>
    </Paper>
  );
}
