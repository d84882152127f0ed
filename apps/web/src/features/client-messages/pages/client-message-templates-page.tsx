import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { CLIENT_MESSAGE_TEMPLATE_MAX, templateProblemOf, type ClientMessageTemplate } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import {
  clientMessageKeys,
  clientMessageTemplatesQuery,
  messagingProvidersQuery,
  saveClientMessageTemplate,
} from '../api/client-messages-api.ts';

export const TEMPLATES_TEXT = {
  title: 'SMS & WhatsApp',
  intro:
    'The texts your clients’ contacts receive when they opted in. A message says only that something waits, and where: it may name the client, the matter, a date and the link, never what a note, update or message says.',
  off: 'No SMS or WhatsApp provider is configured, so no message is sent: set Termii’s or Twilio’s environment variables (see README).',
  save: 'Save',
  reset: 'Back to the default',
  unreadable: 'The templates could not be loaded.',
} as const;

function TemplateForm({ template, placeholders }: { template: ClientMessageTemplate; placeholders: string[] }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = (text: string | null) => {
    setSaving(true);
    setError(null);
    saveClientMessageTemplate({ templateKey: template.templateKey, body: text })
      .then((answer) => {
        queryClient.setQueryData(clientMessageKeys.templates(), answer);
        if (text === null) setBody(template.defaultBody);
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : 'Not saved'))
      .finally(() => setSaving(false));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = templateProblemOf(body.trim());
    if (problem) setError(problem);
    else save(body);
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={template.label}
          description={`${placeholders.join(' ')} · at most ${CLIENT_MESSAGE_TEMPLATE_MAX} characters`}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          maxLength={CLIENT_MESSAGE_TEMPLATE_MAX}
        />
        <Text size="xs" c="dimmed">
          {template.isDefault
            ? 'The default text.'
            : `Changed${template.updatedByName ? ` by ${template.updatedByName}` : ''}${template.updatedAt ? `, ${displayDateTime(template.updatedAt)}` : ''}.`}
        </Text>
        <Group gap="xs">
          <Button type="submit" size="xs" loading={saving} aria-label={`${TEMPLATES_TEXT.save} ${template.label}`}>
            {TEMPLATES_TEXT.save}
          </Button>
          {!template.isDefault && (
            <Button
              size="xs"
              variant="default"
              disabled={saving}
              onClick={() => save(null)}
              aria-label={`${TEMPLATES_TEXT.reset}: ${template.label}`}
            >
              {TEMPLATES_TEXT.reset}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /settings/client-messages: the firm's SMS and WhatsApp templates (administrators: updateAccountSettings). */
export function ClientMessageTemplatesPage() {
  const templates = useQuery(clientMessageTemplatesQuery);
  const providers = useQuery(messagingProvidersQuery);
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={[TEMPLATES_TEXT.title, 'Settings']} />
      <Title order={1} size="h2">
        {TEMPLATES_TEXT.title}
      </Title>
      <Text>{TEMPLATES_TEXT.intro}</Text>
      {providers.data && providers.data.providers.length === 0 && <Alert color="yellow">{TEMPLATES_TEXT.off}</Alert>}
      {providers.data && providers.data.chosen && (
        <Text size="sm" c="dimmed">
          Sent through {providers.data.chosen === 'termii' ? 'Termii' : 'Twilio'}.
        </Text>
      )}
      {templates.data ? (
        templates.data.templates.map((template) => (
          <TemplateForm
            key={`${template.templateKey}-${template.updatedAt ?? 'default'}`}
            template={template}
            placeholders={templates.data.placeholders}
          />
        ))
      ) : templates.isError ? (
        <Text>{TEMPLATES_TEXT.unreadable}</Text>
      ) : (
        <LoadingSpinner />
      )}
    </Stack>
  );
}
