import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  DATA_SUBJECT_REQUEST_KIND_LABELS,
  DATA_SUBJECT_REQUEST_STATUS_LABELS,
  DATA_SUBJECT_TYPE_LABELS,
  isoToDisplayDate,
} from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { toast } from '../../../lib/toasts.ts';
import { completeRequest, downloadExportJson, downloadExportPdf, eraseSubject, useRequest } from '../api/data-subject-requests.ts';
import { dueText } from './requests-table.tsx';

export const ERASE_QUESTION =
  'Their names, contact details, address and notes are replaced or removed for good. The firm keeps what the law requires it to keep: if a duty to keep applies (open invoices, money held in trust, financial records under 7 years old) the erasure is refused and the reasons listed.';

/** One request: whose, what, due when; export, correct, erase or close it; a refusal's reasons. */
export function RequestDetail({ id, onChanged }: { id: string; onChanged: () => Promise<void> }) {
  const { data: request, refetch } = useRequest(id);
  const [isConfirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  if (!request) return null;

  const run = async (name: string, work: () => Promise<unknown>) => {
    setBusy(name);
    try {
      await work();
      await Promise.all([refetch(), onChanged()]);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  /** Erased or refused, the answer is news: the toast says which, the page shows the reasons. */
  const erase = async () => {
    const answer = await eraseSubject(request.id);
    if (answer.data.status === 'refused') toast.alert(answer.message);
    else toast.success(answer.message);
    await Promise.all([refetch(), onChanged()]);
  };
  const isOpen = request.status === 'open';

  return (
    <Stack gap="sm" aria-label="Request">
      <Title order={2} size="h3">
        {DATA_SUBJECT_REQUEST_KIND_LABELS[request.kind]} request of {request.subject.name}
      </Title>
      <Text>
        {DATA_SUBJECT_TYPE_LABELS[request.subject.subjectType]} · {request.subject.detail}
      </Text>
      <Text>
        Received {isoToDisplayDate(request.receivedOn)} · due {isoToDisplayDate(request.dueOn)}
        {isOpen ? ` (${dueText(request)})` : ''} · {DATA_SUBJECT_REQUEST_STATUS_LABELS[request.status]}
        {request.loggedBy ? ` · logged by ${request.loggedBy}` : ''}
      </Text>
      {request.notes && <Text c="dimmed">{request.notes}</Text>}
      {request.status === 'refused' && (
        <Alert color="orange" title="Erasure refused: the firm must keep this person’s data">
          <List>
            {request.blockers.map((blocker) => (
              <List.Item key={blocker.code}>{blocker.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {request.status === 'completed' && request.outcome && <Alert color="green">{request.outcome}</Alert>}
      <Group>
        <Button variant="light" loading={busy === 'json'} onClick={() => void run('json', () => downloadExportJson(request.id))}>
          Export as JSON
        </Button>
        <Button variant="light" loading={busy === 'pdf'} onClick={() => void run('pdf', () => downloadExportPdf(request.id))}>
          Export as PDF
        </Button>
        {isOpen && request.kind === 'correction' && request.subject.editPath && (
          <Anchor component={Link} to={request.subject.editPath}>
            Correct the record
          </Anchor>
        )}
        {isOpen && request.kind === 'erasure' && (
          <Button color="red" onClick={() => setConfirming(true)}>
            Erase personal data
          </Button>
        )}
        {isOpen && request.kind !== 'erasure' && (
          <Button loading={busy === 'complete'} onClick={() => void run('complete', () => completeRequest(request.id, null))}>
            Mark as answered
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={isConfirming}
        title={`Erase ${request.subject.name}’s personal data?`}
        confirmLabel="Erase"
        onConfirm={erase}
        onClose={() => setConfirming(false)}
      >
        <Text>{ERASE_QUESTION}</Text>
      </ConfirmModal>
    </Stack>
  );
}
