import { Card, Group, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import type { BareNumberUnit } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { PREFERENCES_KEY, updatePreferences, usePreferences } from '../api/time-recording-preferences.ts';

type Preferences = { bareNumberUnit: BareNumberUnit; suggestsTime: boolean; firmSuggestsTime: boolean };

/** My account › Time recording: how whole numbers read in a Duration, and Suggested time on or off for me. */
export function TimeRecordingCard() {
  const preferences = usePreferences();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="time-recording-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="time-recording-title">
          Time recording
        </Title>
        {preferences.isPending ? (
          <LoadingSpinner />
        ) : preferences.data ? (
          <TimeRecordingForm saved={preferences.data} />
        ) : (
          <Text c="dimmed">Your time-recording choices could not be loaded.</Text>
        )}
      </Stack>
    </Card>
  );
}

function TimeRecordingForm({ saved }: { saved: Preferences }) {
  const queryClient = useQueryClient();
  const { reloadProfile } = useSession();
  const [unit, setUnit] = useState<BareNumberUnit>(saved.bareNumberUnit);
  const [suggestsTime, setSuggestsTime] = useState(saved.suggestsTime);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      queryClient.setQueryData(PREFERENCES_KEY, await updatePreferences({ bareNumberUnit: unit, suggestsTime }));
      // The popup and the Suggested time tab read these from the profile.
      await reloadProfile();
    } catch {
      // Toasted by the call; the choices stay to try again.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Radio.Group
          label="A whole number typed as a duration means"
          description="“90” reads as 90 hours or 90 minutes. 1.5, 1h20m, 1:20 and 80m always read the same."
          value={unit}
          onChange={(value) => setUnit(value === 'minutes' ? 'minutes' : 'hours')}
        >
          <Group gap="lg" mt="xs">
            <Radio value="hours" label="Hours" />
            <Radio value="minutes" label="Minutes" />
          </Group>
        </Radio.Group>
        <Switch
          label="Suggest time from my work"
          description={
            saved.firmSuggestsTime
              ? 'Documents you read, notes you write and calls you log are proposed as draft time only you see. Switching it off deletes what was recorded.'
              : 'Your firm has switched Suggested time off for everyone.'
          }
          checked={suggestsTime && saved.firmSuggestsTime}
          disabled={!saved.firmSuggestsTime}
          onChange={(event) => setSuggestsTime(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <SubmitButton isSubmitting={isSubmitting}>Save time recording</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
