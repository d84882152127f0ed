import { Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  formatMoney,
  hasPermissions,
  isLiveConsultation,
  isoToDisplayDate,
  type ConsultationPaymentToRefund,
  type LeadConsultation,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import {
  bookForLead,
  cancelConsultation,
  consultationKeys,
  leadConsultationQuery,
  leadSlotsQuery,
  moveConsultation,
  refundConsultationPayment,
  sendBookingLink,
} from '../api/consultations-api.ts';
import { ConsultationSummary } from './consultation-summary.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** Choosing a time for the lead (a new booking, or moving one): the assignee's free slots. */
function ChooseTimeModal({
  leadId,
  moving,
  onClose,
  onDone,
}: {
  leadId: string;
  moving: string | null;
  onClose: () => void;
  onDone: (answer: LeadConsultation) => void;
}) {
  const slots = useQuery(leadSlotsQuery(leadId, moving));
  const [start, setStart] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <AppModal opened onClose={onClose} title={moving ? 'Move consultation' : 'Book consultation'} size="lg">
      <Stack>
        {slots.data ? (
          <SlotPicker slots={slots.data} value={start} onChange={setStart} />
        ) : slots.isError ? (
          <Text>The free times could not be loaded.</Text>
        ) : (
          <LoadingSpinner />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={!start}
            loading={isBusy}
            onClick={() => {
              setIsBusy(true);
              (moving ? moveConsultation(moving, start!) : bookForLead(leadId, start!))
                .then(onDone)
                .catch(() => void slots.refetch())
                .finally(() => setIsBusy(false));
            }}
          >
            {moving ? 'Move' : 'Book'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function CancelModal({ id, onClose, onDone }: { id: string; onClose: () => void; onDone: (answer: LeadConsultation) => void }) {
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  return (
    <AppModal opened onClose={onClose} title="Cancel consultation">
      <Stack>
        <Textarea label="Reason (optional)" value={reason} maxLength={500} onChange={(event) => setReason(event.currentTarget.value)} />
        <Text size="sm">The lead and the assignee are emailed, and the event leaves the calendar.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={isBusy}
            onClick={() => {
              setIsBusy(true);
              cancelConsultation(id, reason.trim() || null)
                .then(onDone)
                .catch(() => undefined)
                .finally(() => setIsBusy(false));
            }}
          >
            Cancel consultation
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Recording that a payment held for refund was refunded at the gateway, with its refund reference. */
function RefundModal({
  payment,
  onClose,
  onDone,
}: {
  payment: ConsultationPaymentToRefund;
  onClose: () => void;
  onDone: (answer: LeadConsultation) => void;
}) {
  const [reference, setReference] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  return (
    <AppModal opened onClose={onClose} title="Record refund">
      <Stack>
        <Text size="sm">
          Refund {formatMoney(payment.amount, payment.currencySymbol)} to the lead at the gateway ({payment.reference}) first; this records
          it in the books.
        </Text>
        <TextInput
          label="Refund reference (optional)"
          value={reference}
          maxLength={120}
          onChange={(event) => setReference(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={isBusy}
            onClick={() => {
              setIsBusy(true);
              refundConsultationPayment(payment.id, reference.trim() || null)
                .then(onDone)
                .catch(() => undefined)
                .finally(() => setIsBusy(false));
            }}
          >
            Record refund
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/**
 * The lead page's consultation (composed into the leads feature's page by the app: features never
 * import each other): its booking, "Book consultation" and "Send booking link", and moving or
 * cancelling it. `canEdit`: the member may edit client information.
 */
export function LeadConsultationCard({ leadId, canEdit = true }: { leadId: string; canEdit?: boolean }) {
  // Recording a refund is a payment's business (paymentInfo.edit), as on the online payments page.
  const canRefund = hasPermissions(useSession().permissions, ['paymentInfo.edit']);
  const queryClient = useQueryClient();
  const answer = useQuery(leadConsultationQuery(leadId));
  const [dialog, setDialog] = useState<null | 'book' | 'move' | 'cancel'>(null);
  const [refunding, setRefunding] = useState<ConsultationPaymentToRefund | null>(null);
  const [isSending, setIsSending] = useState(false);
  const done = (next: LeadConsultation) => {
    queryClient.setQueryData(consultationKeys.lead(leadId), next);
    void queryClient.invalidateQueries({ queryKey: ['leads'] });
    setDialog(null);
    setRefunding(null);
  };
  const data = answer.data;
  const consultation = data?.consultation ?? null;
  const isLive =
    consultation !== null &&
    (isLiveConsultation(consultation.status) || (consultation.status === 'Lapsed' && consultation.paidAt !== null));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Consultation
        </Title>
        {!data ? (
          answer.isError ? (
            <Text>The consultation could not be loaded.</Text>
          ) : (
            <LoadingSpinner />
          )
        ) : (
          <>
            {consultation ? (
              <ConsultationSummary consultation={consultation} assignee={consultation.assigneeName} />
            ) : (
              <Text>No consultation booked.</Text>
            )}
            {data.paymentsToRefund.map((payment) => (
              <Group key={payment.id} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" c="red.9">
                  {formatMoney(payment.amount, payment.currencySymbol)} paid online on {isoToDisplayDate(payment.paidAt.slice(0, 10))} to
                  refund: {payment.reason.replace(/^Refund it: /, '')}.
                </Text>
                {canRefund ? (
                  <Button size="compact-sm" variant="default" onClick={() => setRefunding(payment)}>
                    Record refund
                  </Button>
                ) : null}
              </Group>
            ))}
            {data.link ? (
              <Text size="sm" c="dimmed">
                Booking link sent to {data.link.sentTo} on {isoToDisplayDate(data.link.sentAt.slice(0, 10))}; it works until{' '}
                {isoToDisplayDate(data.link.expiresAt.slice(0, 10))}.
              </Text>
            ) : null}
            {!data.isConfigured ? (
              <Text size="sm">
                Times follow the default hours until you set them in{' '}
                <Anchor component={Link} to="/settings/consultations">
                  Consultation Settings
                </Anchor>
                .
              </Text>
            ) : null}
            {canEdit ? (
              <Group gap="xs" mt="xs">
                {isLive ? (
                  <>
                    <Button size="compact-md" onClick={() => setDialog('move')}>
                      Move consultation
                    </Button>
                    <Button size="compact-md" variant="default" onClick={() => setDialog('cancel')}>
                      Cancel consultation
                    </Button>
                  </>
                ) : (
                  <Button size="compact-md" onClick={() => setDialog('book')}>
                    Book consultation
                  </Button>
                )}
                <Button
                  size="compact-md"
                  variant="default"
                  loading={isSending}
                  onClick={() => {
                    setIsSending(true);
                    sendBookingLink(leadId)
                      .then(done)
                      .catch(() => undefined)
                      .finally(() => setIsSending(false));
                  }}
                >
                  Send booking link
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
      {dialog === 'book' || dialog === 'move' ? (
        <ChooseTimeModal
          leadId={leadId}
          moving={dialog === 'move' ? consultation!.id : null}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog === 'cancel' ? <CancelModal id={consultation!.id} onClose={() => setDialog(null)} onDone={done} /> : null}
      {refunding ? <RefundModal payment={refunding} onClose={() => setRefunding(null)} onDone={done} /> : null}
    </Paper>
  );
}
