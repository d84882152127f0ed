import { Button, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { isoToDisplayDate, type PrivacyNoticeSettings, type PrivacyOfficer } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  privacyNoticeKeys,
  publishPrivacyNotice,
  saveOfficer,
  useClientConsents,
  usePrivacyNoticeSettings,
} from '../api/privacy-notice.ts';
import { useSubjectSearch } from '../api/data-subject-requests.ts';

export const PRIVACY_NOTICE_TEXT = {
  intro:
    'What the firm tells its clients about their data (NDPA 2023). A published version is never edited: publishing makes a new version, and every portal user is asked to agree to it before using the portal. Nobody is asked while no version is published.',
} as const;

const displayDate = (iso: string) => isoToDisplayDate(iso.slice(0, 10));

function OfficerForm({ officer, onSaved }: { officer: PrivacyOfficer | null; onSaved: (settings: PrivacyNoticeSettings) => void }) {
  const [fields, setFields] = useState({ name: officer?.name ?? '', email: officer?.email ?? '', phone: officer?.phone ?? '' });
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      onSaved(await saveOfficer({ ...fields, phone: fields.phone || null }));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  const field = (name: keyof typeof fields, label: string, type = 'text', isRequired = true) => (
    <TextInput
      label={label}
      type={type}
      value={fields[name]}
      withAsterisk={isRequired}
      onChange={(event) => setFields({ ...fields, [name]: event.currentTarget.value })}
    />
  );
  return (
    <Stack gap="sm" maw={420}>
      {field('name', 'Name')}
      {field('email', 'Email', 'email')}
      {field('phone', 'Phone', 'tel', false)}
      <Group>
        <Button onClick={() => void save()} loading={isSaving}>
          Save officer
        </Button>
      </Group>
    </Stack>
  );
}

function PublishForm({ current, onPublished }: { current: string; onPublished: (settings: PrivacyNoticeSettings) => void }) {
  const [body, setBody] = useState(current);
  const [isSaving, setSaving] = useState(false);
  const publish = async () => {
    setSaving(true);
    try {
      onPublished(await publishPrivacyNotice({ body }));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" maw={760}>
      <Textarea label="Notice" withAsterisk rows={10} value={body} onChange={(event) => setBody(event.currentTarget.value)} />
      <Group>
        <Button onClick={() => void publish()} loading={isSaving}>
          Publish as a new version
        </Button>
      </Group>
    </Stack>
  );
}

function ClientConsents() {
  const [search, setSearch] = useState('');
  const [client, setClient] = useState<{ id: string; name: string } | null>(null);
  const found = useSubjectSearch(search);
  const consents = useClientConsents(client?.id ?? null);
  const candidates = (found.data ?? []).filter((subject) => subject.subjectType === 'client' && subject.subjectId !== client?.id);
  return (
    <Stack gap="sm">
      <TextInput
        label="Client"
        description="Type part of a client’s name to see which of its portal accounts agreed to which version"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <Group gap="xs">
        {candidates.slice(0, 8).map((subject) => (
          <Button
            key={subject.subjectId}
            size="xs"
            variant="light"
            onClick={() => setClient({ id: subject.subjectId, name: subject.name })}
          >
            Show {subject.name}
          </Button>
        ))}
      </Group>
      {client && consents.data && (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Caption>Consents of {client.name}’s portal accounts</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Portal account</Table.Th>
                <Table.Th>Agreed to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {consents.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2}>No portal account.</Table.Td>
                </Table.Tr>
              )}
              {consents.data.map((account) => (
                <Table.Tr key={account.portalAccountId}>
                  <Table.Td>
                    {account.name ? `${account.name} · ` : ''}
                    {account.email}
                    {account.status !== 'active' && ` (${account.status})`}
                  </Table.Td>
                  <Table.Td>
                    {account.consents.length === 0
                      ? 'No version yet'
                      : account.consents.map((consent) => `Version ${consent.version} on ${displayDate(consent.consentedAt)}`).join(', ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Settings › Data protection › Privacy notice: the officer, the versions published, and who agreed to which. */
export function PrivacyNoticePanel() {
  const queryClient = useQueryClient();
  const settings = usePrivacyNoticeSettings();
  if (!settings.data) return null;
  const update = (answer: PrivacyNoticeSettings) => queryClient.setQueryData(privacyNoticeKeys.all, answer);
  const [current] = settings.data.versions;
  return (
    <Stack gap="lg" pt="md">
      <Text maw={820}>{PRIVACY_NOTICE_TEXT.intro}</Text>
      <Title order={2} size="h3">
        Data-protection officer
      </Title>
      <OfficerForm officer={settings.data.officer} onSaved={update} />
      <Title order={2} size="h3">
        Publish the notice
      </Title>
      <PublishForm key={current?.id ?? 'none'} current={current?.body ?? ''} onPublished={update} />
      <Title order={2} size="h3">
        Versions
      </Title>
      {settings.data.versions.length === 0 ? (
        <Text>No version published: the portal asks nobody to agree.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Agreed by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.data.versions.map((version) => (
                <Table.Tr key={version.id}>
                  <Table.Td>
                    <details>
                      <summary>
                        Version {version.version}
                        {version === current ? ' (current)' : ''}
                      </summary>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt="xs">
                        {version.body}
                      </Text>
                    </details>
                  </Table.Td>
                  <Table.Td>
                    {displayDate(version.publishedAt)}
                    {version.publishedBy ? ` by ${version.publishedBy}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {version.consentCount} portal {version.consentCount === 1 ? 'account' : 'accounts'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h3">
        Consents by client
      </Title>
      <ClientConsents />
    </Stack>
  );
}
