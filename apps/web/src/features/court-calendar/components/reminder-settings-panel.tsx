import { Alert, Card, Chip, Group, Input, Stack, Switch, Text, Title } from '@mantine/core';
import { courtCalendarSettingsSchema, type CourtCalendarSettings } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { calendarSettingsQuery, saveCalendarSettings } from '../api/calendar-settings.ts';

/** The reminder days offered; a saved day outside them (the API takes 1–30) is offered too. */
export const REMINDER_DAY_CHOICES = [1, 2, 3, 5, 7, 14, 21, 30];

const dayLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

function ReminderSettingsForm({ saved }: { saved: CourtCalendarSettings }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(courtCalendarSettingsSchema, saved);
  const chosen = form.values.reminderDaysBefore;
  const choices = [...new Set([...REMINDER_DAY_CHOICES, ...saved.reminderDaysBefore])].sort((a, b) => a - b);
  const daysError = form.errorFor('reminderDaysBefore');

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (settings) => {
        const answer = await saveCalendarSettings(settings);
        queryClient.setQueryData(calendarSettingsQuery(true).queryKey, answer);
      })}
    >
      <Stack gap="md">
        <Input.Wrapper
          labelElement="div"
          label="Remind fee earners before a hearing"
          description="Days before; at most 5 reminders."
          error={daysError}
          id="reminder-days"
        >
          <Chip.Group
            multiple
            value={chosen.map(String)}
            onChange={(values) => {
              form.setValue(
                'reminderDaysBefore',
                values.map(Number).sort((a, b) => a - b),
              );
              form.touch('reminderDaysBefore');
            }}
          >
            <Group
              gap="xs"
              mt={6}
              role="group"
              aria-labelledby="reminder-days-label"
              aria-describedby={daysError ? 'reminder-days-error' : undefined}
            >
              {choices.map((days) => (
                <Chip key={days} value={String(days)} size="sm">
                  {dayLabel(days)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <Switch
          label="Daily digest"
          description="Each morning, the day's hearings by email."
          checked={form.values.isDailyDigestEnabled}
          onChange={(event) => form.setValue('isDailyDigestEnabled', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <SubmitButton isSubmitting={form.isSubmitting}>Save</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** For those who manage the firm's settings: when fee earners are reminded of hearings. */
export function ReminderSettingsPanel() {
  const settings = useQuery(calendarSettingsQuery(true));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="reminder-settings-title">
      <Title order={2} size="h4" id="reminder-settings-title" mb="sm">
        Hearing reminders
      </Title>
      {settings.isLoading ? (
        <Text size="sm" c="dimmed">
          Loading reminder settings…
        </Text>
      ) : settings.data ? (
        // Remounted on a new answer, so the form starts from what was saved.
        <ReminderSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      ) : (
        <Alert color="red" role="alert">
          The reminder settings could not be loaded.
        </Alert>
      )}
    </Card>
  );
}
