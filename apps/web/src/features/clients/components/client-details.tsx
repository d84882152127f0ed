import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CLIENT_BILLING_PREFERENCE_LABELS, isoToDisplayDate, type ClientDetail, type CustomField } from '@matterhorn/shared';
import type { ReactNode } from 'react';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

function customFieldText(field: CustomField, value: string): string {
  return field.fieldType === 'date' ? isoToDisplayDate(value) || value : value;
}

/** Contact details, address, notes and the firm's custom fields of one client. */
export function ClientDetails({ client, customFields }: { client: ClientDetail; customFields: CustomField[] }) {
  const address = [client.address, client.city, client.state, client.postalCode, client.country].filter(Boolean).join(', ');
  const filledCustomFields = customFields.filter((field) => (client.customFields[field.id] ?? '') !== '');
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-label="Details">
        <Title order={2} size="h4" mb="sm">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Detail label="Client number" value={client.clientNumber} />
          <Detail label="Tax identification number" value={client.taxNumber} />
          <Detail label="LEDES format" value={`LEDES ${client.ledesFormat}`} />
          <Detail label="Invoices in a bill run" value={CLIENT_BILLING_PREFERENCE_LABELS[client.billingPreference]} />
          <Detail label="Email" value={client.email} />
          <Detail label="Alternate email" value={client.alternateEmail} />
          <Detail label="Phone" value={client.phone} />
          <Detail label="Alternate phone" value={client.alternatePhone} />
          <Detail label="Address" value={address} />
          <Detail label="Created" value={isoToDisplayDate(client.createdAt)} />
        </SimpleGrid>
      </Card>

      {client.clientType === 'company' && (
        <Card withBorder component="section" aria-label="Contact people">
          <Title order={2} size="h4" mb="sm">
            Contact people
          </Title>
          {client.contacts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No contact people.
            </Text>
          ) : (
            <Table aria-label="Contact people">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Job title</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Phone</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {client.contacts.map((contact) => (
                  <Table.Tr key={contact.id}>
                    <Table.Td>{contact.name}</Table.Td>
                    <Table.Td>{contact.jobTitle ?? '—'}</Table.Td>
                    <Table.Td>{contact.email ?? '—'}</Table.Td>
                    <Table.Td>{contact.phone ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}

      {filledCustomFields.length > 0 && (
        <Card withBorder component="section" aria-label="Custom fields">
          <Title order={2} size="h4" mb="sm">
            Custom fields
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
            {filledCustomFields.map((field) => (
              <Detail key={field.id} label={field.label} value={customFieldText(field, client.customFields[field.id] ?? '')} />
            ))}
          </SimpleGrid>
        </Card>
      )}

      <Card withBorder component="section" aria-label="Notes">
        <Title order={2} size="h4" mb="sm">
          Notes
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={client.notes ? undefined : 'dimmed'}>
          {client.notes || 'No notes.'}
        </Text>
      </Card>
    </Stack>
  );
}
