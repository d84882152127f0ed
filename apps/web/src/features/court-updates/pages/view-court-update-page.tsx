import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClientViews } from '../../../components/client-views.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { courtUpdateQuery } from '../api/court-update.ts';
import { courtUpdateKeys } from '../api/court-update-list.ts';
import { courtsQuery } from '../api/courts.ts';
import { CourtUpdateNotFound } from '../components/court-update-not-found.tsx';
import { CourtUpdateDetails } from '../components/court-update-details.tsx';
import { DeleteCourtUpdateModal } from '../components/delete-court-update-modal.tsx';
import { NextHearingCard } from '../components/next-hearing-card.tsx';
import { COURT_UPDATES_LIST_PATH, editCourtUpdatePath, formatCourtDate } from '../utils/court-update-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/** /view/court-update?id=…: one hearing's record, the next date first; Edit and Delete by permission. */
export function ViewCourtUpdatePage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useQuery(courtUpdateQuery(id));
  const courts = useQuery(courtsQuery);
  const [isDeleting, setIsDeleting] = useState(false);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);

  const notFound = (
    <>
      <PageTitle parts={['Court update not found', 'Court Updates']} />
      <CourtUpdateNotFound />
    </>
  );
  if (id === '') return notFound;
  if (update.isPending) return <LoadingPage title={['Court Updates']} />;
  if (!update.data) return notFound;
  const view = update.data;

  return (
    <Stack gap="md">
      <PageTitle parts={[view.suitNumber, 'Court Updates']} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Court update</Title>
          <Text c="dimmed">
            {view.suitNumber} · hearing of {formatCourtDate(view.hearingDate)}
          </Text>
        </Stack>
        <Group gap="sm">
          {can('courtUpdate.edit') && (
            <Button component={Link} to={editCourtUpdatePath(view.id)} variant="default">
              Edit
            </Button>
          )}
          {can('courtUpdate.delete') && (
            <Button color="red" variant="light" onClick={() => setIsDeleting(true)}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <NextHearingCard update={view} />
      <CourtUpdateDetails update={view} court={courts.data?.find((court) => court.id === view.courtId)} />
      {view.isSharedWithClient && <ClientViews kind="courtUpdate" itemId={view.id} />}
      <DeleteCourtUpdateModal
        update={isDeleting ? view : null}
        onClose={() => setIsDeleting(false)}
        onDeleted={() => {
          queryClient.removeQueries({ queryKey: courtUpdateKeys.detail(view.id) });
          navigate(COURT_UPDATES_LIST_PATH);
        }}
      />
    </Stack>
  );
}
