import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTIFICATION_CHOICES, type NotificationChoiceKey, type NotificationChoices } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { toast } from '../../../lib/toasts.ts';
import { NOTIFICATION_CHOICES_KEY, updateNotificationChoices, useNotificationChoices } from '../api/notification-choices.ts';

export const NOTHING_TO_SAVE = 'Nothing to save: your notification choices are as they were.';
export const ALWAYS_SENT = 'Emails about your account’s safety — a changed password or sign-in email, failed sign-ins — always reach you.';

const isSameAs = (saved: NotificationChoices, chosen: NotificationChoices) =>
  NOTIFICATION_CHOICES.every(({ key }) => saved[key] === chosen[key]);

type ChoiceSwitchProps = { label: string; description: string; isOn: boolean; onChange: (isOn: boolean) => void };

/** Mantine's label wraps the description too: named by the label alone, it reads the description once, as a description. */
function ChoiceSwitch({ label, description, isOn, onChange }: ChoiceSwitchProps) {
  const labelId = useId();
  return (
    <Switch
      label={<span id={labelId}>{label}</span>}
      aria-labelledby={labelId}
      description={description}
      checked={isOn}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

function NotificationsForm({ saved }: { saved: NotificationChoices }) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(saved);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // One save at a time: a second submit while the first runs does nothing.
  const isRunning = useRef(false);

  const choose = (key: NotificationChoiceKey, isOn: boolean) => setChoices((current) => ({ ...current, [key]: isOn }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isRunning.current) return;
    if (isSameAs(saved, choices)) {
      toast.information(NOTHING_TO_SAVE);
      return;
    }
    isRunning.current = true;
    setIsSubmitting(true);
    try {
      const answer = await updateNotificationChoices(choices);
      queryClient.setQueryData(NOTIFICATION_CHOICES_KEY, answer);
      // The switches show what the server kept.
      setChoices(answer);
    } catch {
      // The API client has shown the error; the switches keep the member's choices to try again.
    } finally {
      isRunning.current = false;
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {NOTIFICATION_CHOICES.map(({ key, label, description }) => (
          <ChoiceSwitch key={key} label={label} description={description} isOn={choices[key]} onChange={(isOn) => choose(key, isOn)} />
        ))}
        <Group>
          <SubmitButton isSubmitting={isSubmitting} isAllowedWhenSubscriptionEnded>
            Save notification choices
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** My account's "Notifications": the emails a member may choose not to receive. */
export function NotificationsCard() {
  const choices = useNotificationChoices();
  return (
    <Card withBorder component="section" aria-labelledby="notifications-title" maw={720}>
      <Title order={2} size="h4" id="notifications-title" mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {ALWAYS_SENT}
      </Text>
      {choices.isPending ? (
        <LoadingSpinner label="Loading your notification choices" />
      ) : !choices.data ? (
        <Text c="red.8" role="alert">
          Your notification choices could not be loaded.
        </Text>
      ) : (
        <NotificationsForm saved={choices.data} />
      )}
    </Card>
  );
}
