import { Anchor, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Court, CourtUpdate } from '@matterhorn/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCourtDate } from '../utils/court-update-display.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

/** Long free text (what happened, next steps) with its line breaks kept. */
function Narrative({ title, text }: { title: string; text: string | null }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          None recorded.
        </Text>
      )}
    </Paper>
  );
}

/** Everything recorded about a hearing, laid out as a lawyer reads it: where, which case, who, what. */
export function CourtUpdateDetails({ update, court }: { update: CourtUpdate; court: Court | undefined }) {
  const address = court?.address;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="Hearing details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Detail label="Court">
            {update.courtName}
            {update.courtDivision ? `\n${update.courtDivision}` : ''}
            {address ? `\n${address}` : ''}
          </Detail>
          <Detail label="Suit number">{update.suitNumber}</Detail>
          <Detail label="Judge">{update.judge ?? '—'}</Detail>
          <Detail label="Hearing date">{formatCourtDate(update.hearingDate)}</Detail>
          <Detail label="Matter">
            <Anchor component={Link} to={`/matter/${update.matterId}?activeTab=court-updates`} size="sm">
              {update.matterNumber ? `${update.matterNumber} — ${update.matterName}` : update.matterName}
            </Anchor>
          </Detail>
          <Detail label="Client">{update.clientName}</Detail>
          <Detail label="Appearance">
            {update.appearances.length > 0 ? update.appearances.map((appearance) => appearance.name).join(', ') : '—'}
          </Detail>
          <Detail label="Shared with client">
            {update.isSharedWithClient ? (
              <Badge color="teal" variant="light">
                Shared with client
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Not shared
              </Badge>
            )}
          </Detail>
          <Detail label="Added by">
            {update.addedByUserName} on {formatCourtDate(update.createdAt)}
          </Detail>
        </SimpleGrid>
      </Paper>
      <Narrative title="What happened" text={update.outcome} />
      <Narrative title="Next steps" text={update.nextSteps} />
    </Stack>
  );
}
