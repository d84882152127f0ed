import { Alert, Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { hasPermissions, type Invoice, type InvoiceReminders } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { clearInvoiceDispute, invoiceRemindersQuery, reminderKeys, setInvoiceDispute } from '../api/invoice-reminders-api.ts';
import { invoiceKeys } from '../api/invoice-list-api.ts';
import { displayDate } from '../utils/invoice-display.ts';

export const INVOICE_REMINDERS_TEXT = {
  title: 'Reminders',
  disputed: 'Disputed',
  markDisputed: 'Mark as disputed',
  clearDispute: 'Clear dispute',
  noteLabel: 'Why does the client dispute it?',
  noteRequired: 'Write why the client disputes the invoice',
  noReminders: 'No reminder has been sent for this invoice.',
  optedOut: 'The client opted out of reminders: none is sent to them.',
  scheduleOff: 'Your firm does not send reminders yet (Settings › Invoice reminders).',
  whileDisputed: 'No reminder goes while the invoice is disputed.',
} as const;

const ISSUED = new Set(['Approved', 'Sent', 'PartlyPaid', 'Paid']);
const DELIVERY_LABELS = { pending: 'Waiting to send', sent: 'Sent', failed: 'Not delivered' } as const;

/** Beside the invoice's status: "Disputed" while it is. */
export function DisputedBadge({ invoice }: { invoice: Pick<Invoice, 'id' | 'status'> }) {
  const reminders = useQuery({ ...invoiceRemindersQuery(invoice.id), enabled: ISSUED.has(invoice.status) });
  if (!reminders.data?.dispute) return null;
  return (
    <Badge color="orange" variant="filled" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {INVOICE_REMINDERS_TEXT.disputed}
    </Badge>
  );
}

function DisputeModal({ onClose, onConfirm }: { onClose: () => void; onConfirm: (note: string) => Promise<void> }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={INVOICE_REMINDERS_TEXT.markDisputed}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!note.trim()) return setError(INVOICE_REMINDERS_TEXT.noteRequired);
          setBusy(true);
          onConfirm(note.trim())
            .then(onClose)
            .catch(() => setBusy(false));
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={INVOICE_REMINDERS_TEXT.noteLabel}
            withAsterisk
            rows={3}
            maxLength={1000}
            value={note}
            error={error}
            data-autofocus
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setError(null);
            }}
          />
          <Text size="sm" c="dimmed">
            {INVOICE_REMINDERS_TEXT.whileDisputed}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {INVOICE_REMINDERS_TEXT.markDisputed}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemindersTable({ reminders }: { reminders: InvoiceReminders['reminders'] }) {
  if (reminders.length === 0) return <Text size="sm">{INVOICE_REMINDERS_TEXT.noReminders}</Text>;
  return (
    <ScrollArea type="auto">
      <Table striped miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Step</Table.Th>
            <Table.Th>Sent to</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Delivery</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reminders.map((reminder) => (
            <Table.Tr key={reminder.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(reminder.reminderDate)}</Table.Td>
              <Table.Td>{reminder.label}</Table.Td>
              <Table.Td>{reminder.recipient}</Table.Td>
              <Table.Td>{reminder.subject}</Table.Td>
              <Table.Td>{DELIVERY_LABELS[reminder.deliveryStatus]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The invoice's reminders: its dispute (marked and cleared here), its client's choice, and every reminder sent. */
export function InvoiceRemindersPanel({ invoice }: { invoice: Pick<Invoice, 'id' | 'status' | 'totals'> }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const reminders = useQuery({ ...invoiceRemindersQuery(invoice.id), enabled: ISSUED.has(invoice.status) });
  const [isMarking, setIsMarking] = useState(false);
  const [isClearing, setIsClearing] = useState(false);
  if (!ISSUED.has(invoice.status) || !reminders.data) return null;
  const { dispute } = reminders.data;
  const canEdit = hasPermissions(permissions, ['invoice.edit']);
  const isOpen = invoice.status !== 'Paid' && Number(invoice.totals.balanceDue) > 0;
  const refresh = async (answer: InvoiceReminders) => {
    queryClient.setQueryData(reminderKeys.invoice(invoice.id), answer);
    await queryClient.invalidateQueries({ queryKey: invoiceKeys.all, refetchType: 'none' });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={INVOICE_REMINDERS_TEXT.title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {INVOICE_REMINDERS_TEXT.title}
          </Title>
          {canEdit && !dispute && isOpen && (
            <Button variant="default" size="xs" onClick={() => setIsMarking(true)}>
              {INVOICE_REMINDERS_TEXT.markDisputed}
            </Button>
          )}
        </Group>
        {dispute && (
          <Alert color="orange" title={INVOICE_REMINDERS_TEXT.disputed}>
            <Stack gap={4}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {dispute.note}
              </Text>
              <Text size="xs" c="dimmed">
                Marked by {dispute.disputedByName} on {displayDate(dispute.disputedAt)}. {INVOICE_REMINDERS_TEXT.whileDisputed}
              </Text>
              {canEdit && (
                <Group>
                  <Button
                    size="xs"
                    variant="default"
                    loading={isClearing}
                    onClick={() => {
                      setIsClearing(true);
                      clearInvoiceDispute(invoice.id)
                        .then(refresh)
                        .catch(() => undefined)
                        .finally(() => setIsClearing(false));
                    }}
                  >
                    {INVOICE_REMINDERS_TEXT.clearDispute}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {reminders.data.isClientOptedOut && <Text size="sm">{INVOICE_REMINDERS_TEXT.optedOut}</Text>}
        {!reminders.data.isScheduleEnabled && <Text size="sm">{INVOICE_REMINDERS_TEXT.scheduleOff}</Text>}
        <RemindersTable reminders={reminders.data.reminders} />
      </Stack>
      {isMarking && (
        <DisputeModal onClose={() => setIsMarking(false)} onConfirm={async (note) => refresh(await setInvoiceDispute(invoice.id, note))} />
      )}
    </Paper>
  );
}
