import { Badge, Button, Group, NumberInput, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { REMINDER_DAYS_RANGE, reminderStepLabel, type ReminderStepTemplate } from '@matterhorn/shared';

export const REMINDER_STEP_TEXT = {
  days: 'Days from the due date',
  daysHelp: 'Negative: before it is due; 0: on the due date; positive: overdue.',
  isOn: 'Send this step',
  subject: 'Subject',
  body: 'Message',
  preview: 'Preview',
  remove: 'Remove step',
} as const;

type Props = {
  step: ReminderStepTemplate;
  isEditable: boolean;
  onChange: (step: ReminderStepTemplate) => void;
  onRemove: () => void;
  onPreview: () => void;
};

/** One step of the schedule: its day, whether it goes, and its subject and message with merge fields. */
export function ReminderStepFields({ step, isEditable, onChange, onRemove, onPreview }: Props) {
  const label = reminderStepLabel(step.daysFromDue);
  const set = (change: Partial<ReminderStepTemplate>) => onChange({ ...step, ...change });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Step: ${label}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h5">
              {label}
            </Title>
            {!step.isEnabled && (
              <Badge color="gray" variant="light">
                Off
              </Badge>
            )}
          </Group>
          <Switch
            label={REMINDER_STEP_TEXT.isOn}
            checked={step.isEnabled}
            disabled={!isEditable}
            onChange={(event) => set({ isEnabled: event.currentTarget.checked })}
          />
        </Group>
        <NumberInput
          label={REMINDER_STEP_TEXT.days}
          description={REMINDER_STEP_TEXT.daysHelp}
          min={REMINDER_DAYS_RANGE.min}
          max={REMINDER_DAYS_RANGE.max}
          allowDecimal={false}
          maw={220}
          value={step.daysFromDue}
          readOnly={!isEditable}
          onChange={(value) => set({ daysFromDue: typeof value === 'number' ? value : Number(value) || 0 })}
        />
        <TextInput
          label={REMINDER_STEP_TEXT.subject}
          value={step.subject}
          maxLength={200}
          readOnly={!isEditable}
          onChange={(event) => set({ subject: event.currentTarget.value })}
        />
        <Textarea
          label={REMINDER_STEP_TEXT.body}
          value={step.body}
          maxLength={5000}
          rows={6}
          readOnly={!isEditable}
          onChange={(event) => set({ body: event.currentTarget.value })}
        />
        <Group gap="xs">
          <Button variant="default" onClick={onPreview}>
            {REMINDER_STEP_TEXT.preview}
          </Button>
          {isEditable && (
            <Button variant="subtle" color="red" onClick={onRemove}>
              {REMINDER_STEP_TEXT.remove}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
