import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LEAD_SOURCE_LABELS, type Lead } from '@matterhorn/shared';
import { displayDate } from '../../../lib/date-time.ts';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The lead's details as kept (typed by staff or filled from the form), with Edit for those who may. */
export function LeadDetailsCard({ lead, onEdit }: { lead: Lead; onEdit: (() => void) | null }) {
  const place = [lead.city, lead.state, lead.postalCode, lead.country].filter(Boolean).join(', ');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lead-details">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="lead-details">
            Details
          </Title>
          {onEdit && (
            <Button variant="default" onClick={onEdit} aria-label="Edit details">
              Edit
            </Button>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
          <Detail label="Person or company" value={lead.leadType === 'company' ? 'Company' : 'Person'} />
          {lead.leadType === 'company' && <Detail label="Company name" value={lead.companyName} />}
          <Detail
            label={lead.leadType === 'company' ? 'Contact' : 'Name'}
            value={[lead.firstName, lead.lastName].filter(Boolean).join(' ')}
          />
          <Detail label="Email" value={lead.email} />
          <Detail label="Phone" value={lead.phone} />
          <Detail label="Address" value={[lead.address, place].filter(Boolean).join('\n')} />
          <Detail
            label="Source"
            value={lead.intakeFormName ? `${LEAD_SOURCE_LABELS.form}: ${lead.intakeFormName}` : LEAD_SOURCE_LABELS[lead.source]}
          />
          {lead.referrerName && <Detail label="Referred by" value={lead.referrerName} />}
          <Detail label="Practice area" value={lead.practiceAreaName} />
          <Detail label="Came in" value={displayDate(lead.createdAt)} />
          <Detail label="Opposing parties" value={lead.opposingParties.map((party) => party.name).join('\n')} />
        </SimpleGrid>
        <Stack component="dl" gap="sm" m={0}>
          <Detail label="Matter description" value={lead.matterDescription} />
          {lead.notEngagedReason && <Detail label="Why not engaged" value={lead.notEngagedReason} />}
        </Stack>
      </Stack>
    </Paper>
  );
}
