import { Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Lead } from '@matterhorn/shared';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useLeadWrites } from '../api/leads-api.ts';

function NoteForm({ leadId }: { leadId: string }) {
  const writes = useLeadWrites();
  const idempotency = useIdempotencyKey();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    if (!note.trim()) {
      setError('Note is required');
      return;
    }
    setSaving(true);
    try {
      await writes.addNote(leadId, note.trim(), idempotency.key);
      idempotency.renew();
      setNote('');
    } catch {
      // The toast says why; the note stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      noValidate
      aria-label="Add a note"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Note"
          rows={2}
          maxLength={5000}
          value={note}
          error={error}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <SubmitButton isSubmitting={isSaving} style={{ alignSelf: 'flex-start' }}>
          Add note
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** What happened to the lead, newest first, with a note for anyone who may edit it. */
export function LeadTimeline({ lead, canEdit }: { lead: Lead; canEdit: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lead-timeline">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lead-timeline">
          Timeline
        </Title>
        {canEdit && <NoteForm leadId={lead.id} />}
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {lead.timeline.map((event) => (
            <li key={event.id}>
              <Text size="sm" fw={600}>
                {event.summary}
              </Text>
              {event.body && (
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {event.body}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {displayDateTime(event.occurredAt)}
                {event.actorName ? ` · ${event.actorName}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
