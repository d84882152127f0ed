import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { isoToDisplayDate, type PortalCalendarFeedCreated } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { createPortalCalendarFeed, portalCalendarFeedQuery } from '../api/portal-calendar-api.ts';

/**
 * The client's calendar link of their court dates (what the firm shared): made once, copied or
 * opened in a calendar app; the link is shown only when made, and Reset link ends the old one.
 */
export function PortalCalendarCard({ clientId }: { clientId: string | null }) {
  const queryClient = useQueryClient();
  const feed = useQuery(portalCalendarFeedQuery(clientId));
  const [created, setCreated] = useState<PortalCalendarFeedCreated | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const isActive = feed.data?.isActive ?? false;

  const create = async () => {
    const answer = await createPortalCalendarFeed();
    // Only the status is cached: the URL lives in this card while it is open.
    queryClient.setQueryData(portalCalendarFeedQuery(clientId).queryKey, { isActive: answer.isActive, createdAt: answer.createdAt });
    setCreated(answer);
  };
  const createNow = async () => {
    setIsCreating(true);
    try {
      await create();
    } catch {
      // The API client has shown the error.
    } finally {
      setIsCreating(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="portal-calendar-title">
      <Stack gap="sm">
        <Text component="h2" id="portal-calendar-title" fw={600} size="md" m={0}>
          Your court dates in your calendar
        </Text>
        <Text size="sm">
          Add your hearings to Google Calendar, Outlook or your phone&apos;s calendar; they stay up to date as your firm shares new dates.
        </Text>
        {created ? (
          <>
            <Alert color="yellow" role="note" title="Keep this link private">
              Anyone with it can see your court dates. It is shown only now; if it leaks, reset it and the old link stops working.
            </Alert>
            <TextInput label="Calendar link" value={created.url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group gap="sm">
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={created.webcalUrl} variant="default">
                Add to calendar
              </Button>
            </Group>
          </>
        ) : isActive ? (
          <Text size="sm">
            Your calendar link is active{feed.data?.createdAt ? ` since ${isoToDisplayDate(feed.data.createdAt.slice(0, 10))}` : ''}. For a
            new link (the old one stops working), reset it.
          </Text>
        ) : null}
        <Group gap="sm">
          {isActive ? (
            <Button variant="default" onClick={() => setIsConfirming(true)}>
              Reset link
            </Button>
          ) : (
            <Button loading={isCreating} disabled={feed.isPending} onClick={() => void createNow()}>
              Create calendar link
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Reset your calendar link?"
        confirmLabel="Reset link"
        onConfirm={create}
      >
        <Text size="sm">The calendars that use your current link stop receiving your court dates until you add the new link.</Text>
      </ConfirmModal>
    </Card>
  );
}
