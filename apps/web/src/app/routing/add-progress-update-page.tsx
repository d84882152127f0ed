import { Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { PageTitle } from '../../components/page-title.tsx';

export type AddProgressUpdatePageProps = {
  progressNoteForm: (matterId: string | undefined) => ReactNode;
  courtUpdateForm: (matterId: string | undefined) => ReactNode;
};

/**
 * /progress-update/add-progress-update: a progress note, or with ?iscourtupdate=true a court update
 * (SPEC.md §3); ?matterId= opens either on that matter. The two forms come from their features.
 */
export function AddProgressUpdatePage({ progressNoteForm, courtUpdateForm }: AddProgressUpdatePageProps) {
  const { permissions } = useSession();
  const [searchParams] = useSearchParams();
  const isCourtUpdate = searchParams.get('iscourtupdate') === 'true';
  const matterId = searchParams.get('matterId') ?? undefined;
  const kinds = [
    { label: 'Progress note', value: 'progress-note', permission: 'progressNote.create' },
    { label: 'Court update', value: 'court-update', permission: 'courtUpdate.create' },
  ].filter((kind) => hasPermissions(permissions, [kind.permission]));

  // Each kind is a link to its own address, so the choice survives a reload and the Back button.
  const pathOf = (kind: string) => {
    const next = new URLSearchParams(searchParams);
    if (kind === 'court-update') next.set('iscourtupdate', 'true');
    else next.delete('iscourtupdate');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const chosen = isCourtUpdate ? 'court-update' : 'progress-note';

  return (
    <Stack gap="md">
      <PageTitle parts={[isCourtUpdate && 'Court update', 'Add Progress Update', 'Progress Update']} />
      <Title order={1}>Add Progress Update</Title>
      {kinds.length > 1 && (
        <Group component="nav" aria-label="Kind of progress update" gap="xs">
          {kinds.map(({ label, value }) => (
            <Button
              key={value}
              component={Link}
              to={pathOf(value)}
              replace
              variant={value === chosen ? 'filled' : 'default'}
              aria-current={value === chosen ? 'page' : undefined}
            >
              {label}
            </Button>
          ))}
        </Group>
      )}
      {isCourtUpdate ? courtUpdateForm(matterId) : progressNoteForm(matterId)}
    </Stack>
  );
}

/** Each tab's (each form's) feature loads when it is shown, so the page carries one, not both. */
const LazyAddProgressNotePanel = lazy(async () => ({
  default: (await import('../../features/progress-notes/components/add-progress-note-panel.tsx')).AddProgressNotePanel,
}));
const LazyAddCourtUpdatePanel = lazy(async () => ({
  default: (await import('../../features/court-updates/components/add-court-update-panel.tsx')).AddCourtUpdatePanel,
}));

export function AddProgressUpdateRoute() {
  return (
    <AddProgressUpdatePage
      progressNoteForm={(matterId) => (
        <Suspense fallback={<LoadingSpinner />}>
          <LazyAddProgressNotePanel matterId={matterId} />
        </Suspense>
      )}
      courtUpdateForm={(matterId) => (
        <Suspense fallback={<LoadingSpinner />}>
          <LazyAddCourtUpdatePanel matterId={matterId} />
        </Suspense>
      )}
    />
  );
}
