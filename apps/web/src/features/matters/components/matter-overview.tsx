import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomField, MatterView } from '@matterhorn/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { billingRateText, displayDate, displayMoney } from '../utils/matter-display.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

const RATE_LABEL = {
  'Flat Rate': 'Flat rate',
  Contingency: 'Contingency percentage',
  Hourly: 'Matter hourly rate',
  Retainer: 'Matter hourly rate',
} as const;

export type MatterOverviewProps = {
  matter: MatterView;
  currencySymbol: string;
  customFields: CustomField[];
  /** The budget card, shown under the matter's details. */
  budget?: ReactNode;
};

/** The matter's own details, fee earners, parties and custom fields. */
export function MatterOverview({ matter, currencySymbol, customFields, budget }: MatterOverviewProps) {
  const labelOf = (key: string) => customFields.find((field) => field.id === key || field.label === key)?.label ?? key;
  const customEntries = Object.entries(matter.customFields).filter(([, value]) => value !== '');
  const related = matter.parties.filter((party) => party.partyRole === 'related');
  const opposing = matter.parties.filter((party) => party.partyRole === 'opposing');

  return (
    <Stack gap="md">
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Detail label="Matter number">{matter.matterNumber ?? '—'}</Detail>
          <Detail label="Matter name">{matter.matterName}</Detail>
          <Detail label="Client">
            <Anchor component={Link} to={`/clients/${matter.client.id}`} size="sm">
              {matter.client.name}
            </Anchor>
          </Detail>
          <Detail label="Billing type">{matter.matterRate}</Detail>
          <Detail label={RATE_LABEL[matter.matterRate]}>{billingRateText(matter, currencySymbol)}</Detail>
          {(matter.matterRate === 'Flat Rate' || matter.matterRate === 'Contingency') && matter.hourlyRates && (
            <Detail label="Matter hourly rate">{displayMoney(matter.hourlyRates, currencySymbol)}</Detail>
          )}
          <Detail label="Status">
            <Badge color={matter.status === 'Open' ? 'green' : 'gray'} variant="light">
              {matter.status}
            </Badge>
          </Detail>
          <Detail label="Open date">{displayDate(matter.matterOpenDate)}</Detail>
          <Detail label="Close date">{displayDate(matter.matterCloseDate)}</Detail>
          <Detail label="Practice areas">{matter.matterPracticeAreas.map((area) => area.name).join(', ') || '—'}</Detail>
          <Detail label="Shelf location">{matter.shelfLocation || '—'}</Detail>
          <Detail label="Client's matter reference">{matter.clientMatterReference || '—'}</Detail>
        </SimpleGrid>
        <Stack gap={4} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Description
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {matter.description || '—'}
          </Text>
        </Stack>
      </Card>

      {budget}

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Assigned fee earners
        </Title>
        {matter.matterAssignedToInfos.length === 0 ? (
          <Text size="sm" c="dimmed">
            No fee earners assigned.
          </Text>
        ) : (
          <Table aria-label="Assigned fee earners">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Fee earner</Table.Th>
                <Table.Th scope="col">Hourly rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {matter.matterAssignedToInfos.map((assignee) => (
                <Table.Tr key={assignee.userId}>
                  <Table.Td>{assignee.name}</Table.Td>
                  <Table.Td>{displayMoney(assignee.hourlyRate, currencySymbol)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Related and opposing parties
        </Title>
        {matter.parties.length === 0 ? (
          <Text size="sm" c="dimmed">
            No parties recorded.
          </Text>
        ) : (
          <Table aria-label="Parties">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...opposing, ...related].map((party) => (
                <Table.Tr key={party.id}>
                  <Table.Td>{party.partyRole === 'opposing' ? 'Opposing party' : 'Related party'}</Table.Td>
                  <Table.Td>{party.name}</Table.Td>
                  <Table.Td>{party.partyType === 'company' ? 'Company' : 'Individual'}</Table.Td>
                  <Table.Td>{party.notes || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      {customEntries.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Custom fields
          </Title>
          <Group gap="xl" component="dl" m={0}>
            {customEntries.map(([key, value]) => (
              <Detail key={key} label={labelOf(key)}>
                {customFields.find((field) => field.id === key)?.fieldType === 'date' ? displayDate(value) : value}
              </Detail>
            ))}
          </Group>
        </Card>
      )}
    </Stack>
  );
}
