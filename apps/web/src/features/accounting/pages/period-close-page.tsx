import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ADMINISTRATOR, hasPermissions, isoToDisplayDate, PERIOD_LOCK_MESSAGES, todayIso } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { booksClosedThroughQuery, setBooksClosedThrough } from '../api/period-lock-api.ts';
import { IsoDateField } from '../components/iso-date-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

export const PERIOD_CLOSE_WORDS = {
  dateRequired: 'Choose the last day to close',
  notBeforeToday: 'Choose a day before today: today stays open for the day’s postings',
} as const;

/** What a change does, in the confirm: closing more, or reopening days already closed. */
function changeOf(current: string | null, next: string | null) {
  if (next === null) return { title: 'Reopen every period', label: 'Reopen', isReopening: true };
  if (current !== null && next < current) return { title: 'Reopen part of the closed period', label: 'Reopen', isReopening: true };
  return { title: 'Close the books', label: 'Close the books', isReopening: false };
}

/** /accounting/period-close: the day the books are closed through, shown to the books' readers and set by an administrator. */
export function PeriodClosePage() {
  const session = useSession();
  const isAdministrator = hasPermissions(session.permissions, [ADMINISTRATOR]);
  const queryClient = useQueryClient();
  const lock = useQuery(booksClosedThroughQuery);
  const [day, setDay] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  /** The change waiting for its confirm: a day, or null to reopen everything. */
  const [pending, setPending] = useState<{ next: string | null } | null>(null);

  const current = lock.data?.booksClosedThrough ?? null;
  const dayError = day === '' ? PERIOD_CLOSE_WORDS.dateRequired : day >= todayIso() ? PERIOD_CLOSE_WORDS.notBeforeToday : undefined;
  const change = pending ? changeOf(current, pending.next) : null;

  return (
    <Stack p="md" gap="lg" maw={720}>
      <PageTitle parts={['Period close', 'Accounting']} />
      <Title order={1}>Period close</Title>
      <Text>
        Closing the books through a day locks that day and every day before it. Nothing dated in the closed period can be posted any more,
        whichever part of Matterhorn posts it:
      </Text>
      <Text component="ul" size="sm" my={0}>
        <li>an invoice issued (approved or sent) with its invoice date in it,</li>
        <li>a payment received or written off, or an expense paid,</li>
        <li>a trust deposit, payment out, transfer or reversal,</li>
        <li>a manual journal entry or its reversal.</li>
      </Text>
      <Text size="sm">
        Corrections are dated in the open period, after the closed day: reversals are dated today unless you choose a later day. Only an
        administrator can close or reopen the books, and each change is kept in the audit trail.
      </Text>

      {lock.isPending ? (
        <LoadingSpinner />
      ) : !lock.data ? (
        <Text>The period lock could not be loaded.</Text>
      ) : current ? (
        <Alert color="orange" title={`The books are closed through ${isoToDisplayDate(current)}`}>
          The first open day is {isoToDisplayDate(lock.data.firstOpenDate ?? '')}.
        </Alert>
      ) : (
        <Alert color="blue" title="Every period is open">
          Postings may be dated on any day.
        </Alert>
      )}

      {lock.data &&
        (isAdministrator ? (
          <Card withBorder component="section" aria-labelledby="period-close-change">
            <Title order={2} size="h4" id="period-close-change" mb="sm">
              {current ? 'Move the closed period' : 'Close a period'}
            </Title>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                setIsTouched(true);
                if (!dayError) setPending({ next: day });
              }}
            >
              <Stack gap="sm">
                <IsoDateField
                  label="Close the books through"
                  description="The last day of the closed period, before today. An earlier day than the current one reopens the days after it."
                  withAsterisk
                  value={day}
                  onChange={setDay}
                  onBlur={() => setIsTouched(true)}
                  error={isTouched ? dayError : undefined}
                />
                <Group gap="sm" wrap="wrap">
                  <Button type="submit">{current && day && day < current ? 'Reopen after this day' : 'Close the books'}</Button>
                  {current && (
                    <Button variant="default" color="red" onClick={() => setPending({ next: null })}>
                      Reopen every period
                    </Button>
                  )}
                </Group>
              </Stack>
            </form>
          </Card>
        ) : (
          <Text size="sm" c="dimmed">
            Only an administrator can close or reopen the books.
          </Text>
        ))}

      <OnceOpened isOpen={pending !== null}>
        <ConfirmModal
          opened={pending !== null}
          onClose={() => setPending(null)}
          title={change?.title ?? ''}
          confirmLabel={change?.label ?? ''}
          isDestructive={change?.isReopening ?? false}
          onConfirm={async () => {
            const saved = await setBooksClosedThrough(pending!.next);
            // The server's own sentence for the change: the day closed through, or what was reopened.
            toast.success(PERIOD_LOCK_MESSAGES.changed(current, saved.booksClosedThrough));
            queryClient.setQueryData(booksClosedThroughQuery.queryKey, saved);
            void queryClient.invalidateQueries({ queryKey: ['accounting'] });
            setDay('');
            setIsTouched(false);
          }}
        >
          <Text size="sm">
            {pending?.next === null
              ? 'Reopen every period? Postings may then be dated on any day again.'
              : change?.isReopening
                ? `Reopen the days after ${isoToDisplayDate(pending?.next ?? '')}? Postings may be dated on them again; the books stay closed through that day.`
                : `Close the books through ${isoToDisplayDate(pending?.next ?? '')}? Nothing dated on or before that day can be posted from then on, from any part of Matterhorn.`}
          </Text>
        </ConfirmModal>
      </OnceOpened>
    </Stack>
  );
}
