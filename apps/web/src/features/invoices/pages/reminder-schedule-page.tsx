import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import {
  hasPermissions,
  REMINDER_MAX_STEPS,
  REMINDER_MERGE_FIELDS,
  reminderScheduleInputSchema,
  type ReminderSchedule,
  type ReminderStepTemplate,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { reminderKeys, reminderScheduleQuery, updateReminderSchedule } from '../api/invoice-reminders-api.ts';
import { ReminderPreviewModal } from '../components/reminder-preview-modal.tsx';
import { ReminderStepFields } from '../components/reminder-step-fields.tsx';

export const REMINDER_SCHEDULE_TEXT = {
  title: 'Invoice reminders',
  switch: 'Send invoice reminders',
  rules:
    'Reminders go by email to the client of each invoice that was sent and still has money due, from 09:00 in your firm’s time zone, each step once. None goes for an invoice marked disputed, or to a client who opted out.',
  readOnly: 'Only those who approve invoices can change the schedule.',
  addStep: 'Add step',
  save: 'Save schedule',
  mergeFields: 'Merge fields',
} as const;

type Values = { isEnabled: boolean; steps: ReminderStepTemplate[] };

const valuesOf = (schedule: ReminderSchedule): Values => ({
  isEnabled: schedule.isEnabled,
  steps: schedule.steps.map(({ daysFromDue, isEnabled, subject, body }) => ({ daysFromDue, isEnabled, subject, body })),
});

/** A new step a week after the last, worded like it. */
function nextStep(steps: ReminderStepTemplate[]): ReminderStepTemplate {
  const last = steps.at(-1);
  return {
    daysFromDue: last ? Math.min(last.daysFromDue + 7, 365) : 0,
    isEnabled: true,
    subject: last?.subject ?? 'Invoice {{invoiceNumber}} is {{daysOverdue}} days overdue',
    body:
      last?.body ??
      'Dear {{clientName}},\n\nInvoice {{invoiceNumber}} for {{amountDue}} was due on {{dueDate}}.\n\n{{payLink}}\n\n{{firmName}}',
  };
}

function ScheduleForm({ initial, isEditable }: { initial: ReminderSchedule; isEditable: boolean }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => valuesOf(initial));
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<ReminderStepTemplate | null>(null);
  const unsaved = useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(saved));
  const setStep = (index: number, step: ReminderStepTemplate) =>
    setValues((previous) => ({ ...previous, steps: previous.steps.map((current, at) => (at === index ? step : current)) }));

  const save = () => {
    const checked = reminderScheduleInputSchema.safeParse(values);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the steps');
    setError(null);
    setBusy(true);
    updateReminderSchedule(checked.data)
      .then((answer) => {
        queryClient.setQueryData(reminderKeys.schedule(), answer);
        setSaved(valuesOf(answer));
        setValues(valuesOf(answer));
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) save();
      }}
    >
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Switch
              label={REMINDER_SCHEDULE_TEXT.switch}
              checked={values.isEnabled}
              disabled={!isEditable}
              onChange={(event) => {
                const isEnabled = event.currentTarget.checked;
                setValues((previous) => ({ ...previous, isEnabled }));
              }}
            />
            <Text size="sm">{REMINDER_SCHEDULE_TEXT.rules}</Text>
            {!isEditable && (
              <Text size="sm" c="dimmed">
                {REMINDER_SCHEDULE_TEXT.readOnly}
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label={REMINDER_SCHEDULE_TEXT.mergeFields}>
          <Title order={2} size="h5" mb="xs">
            {REMINDER_SCHEDULE_TEXT.mergeFields}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
            {REMINDER_MERGE_FIELDS.map((field) => (
              <Text size="sm" key={field.key}>
                <Code>{`{{${field.key}}}`}</Code> {field.label}
              </Text>
            ))}
          </SimpleGrid>
        </Paper>
        {values.steps.map((step, index) => (
          <ReminderStepFields
            // The list is edited in place and reordered only on save: the position is the step's identity here.
            key={index}
            step={step}
            isEditable={isEditable}
            onChange={(changed) => setStep(index, changed)}
            onRemove={() => setValues((previous) => ({ ...previous, steps: previous.steps.filter((_, at) => at !== index) }))}
            onPreview={() => setPreviewed(step)}
          />
        ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {isEditable && (
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={values.steps.length >= REMINDER_MAX_STEPS}
              onClick={() => setValues((previous) => ({ ...previous, steps: [...previous.steps, nextStep(previous.steps)] }))}
            >
              {REMINDER_SCHEDULE_TEXT.addStep}
            </Button>
            <Button type="submit" loading={busy}>
              {REMINDER_SCHEDULE_TEXT.save}
            </Button>
          </Group>
        )}
      </Stack>
      {previewed && <ReminderPreviewModal step={previewed} onClose={() => setPreviewed(null)} />}
      {unsaved.prompt}
    </form>
  );
}

/** /settings/invoice-reminders: when the firm reminds clients of what they owe, and what each reminder says. */
export function ReminderSchedulePage() {
  const schedule = useQuery(reminderScheduleQuery);
  const { permissions } = useSession();
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={[REMINDER_SCHEDULE_TEXT.title, 'Settings']} />
      <Title order={1} size="h2">
        {REMINDER_SCHEDULE_TEXT.title}
      </Title>
      {schedule.isLoading ? (
        <LoadingSpinner />
      ) : schedule.data ? (
        <ScheduleForm initial={schedule.data} isEditable={hasPermissions(permissions, ['invoice.approve'])} />
      ) : (
        <Text>The reminder schedule could not be loaded.</Text>
      )}
    </Stack>
  );
}
