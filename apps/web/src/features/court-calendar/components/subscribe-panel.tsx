import { Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { isoToDisplayDate, type CalendarFeedCreated, type CalendarFeedStatus } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { calendarFeedQuery, createCalendarFeed, deleteCalendarFeed } from '../api/calendar-feed.ts';
import type { HearingScope } from '../utils/calendar-params.ts';

/** The questions and the new link open in modals, loaded when first wanted: the calendar's first visit carries no modal. */
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));
const FeedLinkModal = lazy(async () => ({ default: (await import('./feed-link-modal.tsx')).FeedLinkModal }));

const SCOPE_LABELS: Record<HearingScope, string> = { mine: 'My matters', firm: 'Whole firm' };

function statusText(status: CalendarFeedStatus | undefined): string {
  if (!status) return 'Checking your subscription…';
  if (!status.isActive) return 'You have no subscription link.';
  const since = status.createdAt ? ` since ${isoToDisplayDate(status.createdAt.slice(0, 10))}` : '';
  return `Active${since}${status.scope ? ` (${SCOPE_LABELS[status.scope]})` : ''}.`;
}

/** The signed-in user's ICS subscription: make it, reset it (the old URL dies), or turn it off. */
export function SubscribePanel({ canSeeFirm }: { canSeeFirm: boolean }) {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery);
  const isActive = feed.data?.isActive ?? false;
  const [chosenScope, setChosenScope] = useState<HearingScope | null>(null);
  const scope = canSeeFirm ? (chosenScope ?? feed.data?.scope ?? 'mine') : 'mine';
  const [isCreating, setIsCreating] = useState(false);
  const [confirming, setConfirming] = useState<'reset' | 'turn-off' | null>(null);
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  // The control a closing modal hands focus to when its own opener is gone (a confirm's button, "Turn off").
  const mainButton = useRef<HTMLButtonElement>(null);
  // After Mantine's own focus return (10 ms after closing), which finds its element gone.
  const focusMainButton = () => window.setTimeout(() => mainButton.current?.focus(), 20);

  // The status only: the URL must not outlive the modal that shows it.
  const keepStatus = (status: CalendarFeedStatus) => {
    queryClient.setQueryData(calendarFeedQuery.queryKey, { isActive: status.isActive, scope: status.scope, createdAt: status.createdAt });
  };
  const create = async () => {
    const answer = await createCalendarFeed({ scope });
    keepStatus(answer);
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
    <Card withBorder padding="md" component="section" aria-labelledby="subscribe-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="subscribe-title">
          Subscribe in your calendar app
        </Title>
        <Text size="sm">See these hearings in Google Calendar, Outlook or Apple Calendar, kept up to date. {statusText(feed.data)}</Text>
        {canSeeFirm && (
          <Radio.Group label="Hearings to include" value={scope} onChange={(value) => setChosenScope(value === 'firm' ? 'firm' : 'mine')}>
            <Group gap="md" mt={4}>
              <Radio value="mine" label={SCOPE_LABELS.mine} />
              <Radio value="firm" label={SCOPE_LABELS.firm} />
            </Group>
          </Radio.Group>
        )}
        <Group gap="sm">
          <Button
            ref={mainButton}
            loading={isCreating}
            disabled={feed.isLoading}
            onClick={() => (isActive ? setConfirming('reset') : void createNow())}
          >
            {isActive ? 'Reset link' : 'Create subscription link'}
          </Button>
          {isActive && (
            <Button variant="default" color="red" onClick={() => setConfirming('turn-off')}>
              Turn off
            </Button>
          )}
        </Group>
      </Stack>
      <Suspense fallback={null}>
        {confirming === 'reset' && (
          <ConfirmModal
            opened
            onClose={() => setConfirming(null)}
            title="Reset the subscription link?"
            confirmLabel="Reset link"
            onConfirm={create}
          >
            A new link is made and the old one stops working at once: calendar apps subscribed with it stop updating until you subscribe
            again with the new link.
          </ConfirmModal>
        )}
        {confirming === 'turn-off' && (
          <ConfirmModal
            opened
            onClose={() => setConfirming(null)}
            title="Turn off the subscription?"
            confirmLabel="Turn off"
            onConfirm={async () => {
              keepStatus(await deleteCalendarFeed());
              focusMainButton();
            }}
          >
            The link stops working at once and calendar apps subscribed with it stop updating.
          </ConfirmModal>
        )}
        {created && (
          <FeedLinkModal
            created={created}
            onClose={() => {
              setCreated(null);
              focusMainButton();
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
