import { Alert, Anchor, Button, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { CalendarFeedCreated } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';

export type FeedLinkModalProps = {
  /** The answer to the POST; null keeps the modal closed (and the link out of memory). */
  created: CalendarFeedCreated | null;
  onClose: () => void;
};

/** The subscription link, shown this once (the server keeps only its hash), with the way into each calendar app. */
export function FeedLinkModal({ created, onClose }: FeedLinkModalProps) {
  return (
    <AppModal opened={created !== null} onClose={onClose} title="Your calendar subscription link" size="lg">
      {created && (
        <Stack gap="md">
          <Alert color="yellow" title="Keep this link secret" role="note">
            Anyone with this link can see these hearings. It is shown only now: copy it before you close this window. If it leaks, reset it
            and the old link stops working.
          </Alert>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label="Subscription link"
              value={created.url}
              readOnly
              data-autofocus
              style={{ flex: 1 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Anchor href={created.webcalUrl}>Open in calendar app</Anchor>
          <div>
            <Text size="sm" fw={600} mb={4}>
              Or add it by hand:
            </Text>
            <List size="sm" spacing={4}>
              <List.Item>
                <b>Google Calendar</b>: beside “Other calendars”, choose + then <b>From URL</b>, paste the link and choose Add calendar.
              </List.Item>
              <List.Item>
                <b>Outlook</b>: choose Add calendar, then <b>Subscribe from web</b>, paste the link and choose Import.
              </List.Item>
              <List.Item>
                <b>Apple Calendar</b>: choose File, then <b>New Calendar Subscription</b>, paste the link and choose Subscribe.
              </List.Item>
            </List>
            <Text size="xs" c="dimmed" mt={4}>
              Calendar apps refresh subscriptions on their own schedule, from every few minutes to once a day.
            </Text>
          </div>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
