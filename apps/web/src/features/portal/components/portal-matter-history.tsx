import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isoToDisplayDate, type PortalMatterUpdate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { NoteBody } from '../../../components/note-body.tsx';
import { portalMatterQuery } from '../api/portal-api.ts';

function UpdateCard({ update }: { update: PortalMatterUpdate }) {
  if (update.kind === 'note') {
    return (
      <Card withBorder component="article">
        <Group gap="xs" mb={4}>
          <Badge variant="light">Progress note</Badge>
          <Text size="sm" c="dimmed">
            {isoToDisplayDate(update.date)}
          </Text>
        </Group>
        <Title order={3} size="h5">
          {update.title}
        </Title>
        <NoteBody html={update.bodyHtml} />
      </Card>
    );
  }
  return (
    <Card withBorder component="article">
      <Group gap="xs" mb={4}>
        <Badge variant="outline" color="grape.9">
          Court update
        </Badge>
        <Text size="sm" c="dimmed">
          Heard {isoToDisplayDate(update.date)}
        </Text>
      </Group>
      <Title order={3} size="h5">
        {update.court} · Suit {update.suitNumber}
      </Title>
      {update.judge && <Text size="sm">Before {update.judge}</Text>}
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
        {update.outcome}
      </Text>
      {update.nextAdjournedDate && (
        <Text size="sm" fw={600} mt={4}>
          Next date: {isoToDisplayDate(update.nextAdjournedDate)}
          {update.nextAdjournedTime ? ` at ${update.nextAdjournedTime}` : ''}
          {update.nextAdjournedPurpose ? ` · ${update.nextAdjournedPurpose}` : ''}
        </Text>
      )}
      {update.nextSteps && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          Next steps: {update.nextSteps}
        </Text>
      )}
    </Card>
  );
}

/** One matter's shared progress notes and court updates, newest first. */
export function PortalMatterHistory({ clientId, matterId }: { clientId: string | null; matterId: string }) {
  const matter = useQuery(portalMatterQuery(clientId, matterId));
  if (matter.isPending) return <LoadingSpinner label="Loading the matter" />;
  if (!matter.data) return <Text c="red.8">This matter could not be loaded.</Text>;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {matter.data.matterName}
      </Title>
      {matter.data.updates.length === 0 ? (
        <Text size="sm">Your firm has not shared any updates on this matter yet.</Text>
      ) : (
        matter.data.updates.map((update) => <UpdateCard key={`${update.kind}-${update.id}`} update={update} />)
      )}
    </Stack>
  );
}
