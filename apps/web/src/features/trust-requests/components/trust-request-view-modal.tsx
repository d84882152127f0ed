import { Alert, Button, CopyButton, Group, InputBase, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  cancelTrustRequestSchema,
  formatMoney,
  hasPermissions,
  isoToDisplayDate,
  type TrustRequest,
  type TrustRequestSent,
} from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useReportChanges } from '../../../lib/forms/modal-changes.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { EmailDeliveryAlert } from '../../../components/email-failed-retry.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import {
  approveTrustRequest,
  cancelTrustRequest,
  sendTrustRequest,
  submitTrustRequest,
  trustRequestKeys,
  useTrustRequest,
  useTrustRequestApprovers,
} from '../api/trust-requests-api.ts';
import { TrustRequestForm } from './trust-request-form-modal.tsx';
import { TrustRequestStatusBadge } from './trust-request-status-badge.tsx';

export const TRUST_REQUEST_VIEW_TEXT = {
  edit: 'Edit',
  submit: 'Submit for approval',
  approve: 'Approve',
  send: 'Send to client',
  sendAgain: 'Send again (new link)',
  cancel: 'Cancel request',
  confirmCancel: 'Cancel the request',
  linkLabel: 'Public link',
  linkOnce: 'Copy the link now: it is shown only once (only a fingerprint of it is kept). Sending again makes a new link.',
  noEmail: 'The client has no email address: share the link with them yourself.',
  ownRequest: 'A second person must approve this request.',
  confirmSend: 'Send',
  back: 'Back',
} as const;

/** What Send will do, said before it is done: who receives it, and that an earlier link stops working. */
export function sendConfirmationText(request: Pick<TrustRequest, 'requestNumber' | 'clientName' | 'clientEmail'>, isResend: boolean) {
  const to = request.clientEmail
    ? `Email ${request.requestNumber} to ${request.clientName} at ${request.clientEmail}?`
    : `${request.clientName} has no email address: ${request.requestNumber} will be marked sent and you share its link yourself.`;
  return isResend ? `${to} The link sent before stops working.` : to;
}

const date = (iso: string | null) => (iso ? isoToDisplayDate(iso.slice(0, 10)) || iso : '—');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

function CancelForm({ request, onDone }: { request: TrustRequest; onDone: () => void }) {
  const form = useSchemaForm(cancelTrustRequestSchema, { reason: '' });
  useReportChanges(form.isDirty);
  const submit = form.onSubmit(async (data) => {
    await cancelTrustRequest(request.id, data.reason);
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Cancel trust request">
      <Stack gap="xs">
        <InputBase component="textarea" multiline rows={2} label="Reason" withAsterisk data-autofocus {...form.inputProps('reason')} />
        <SubmitButton isSubmitting={form.isSubmitting} color="red">
          {TRUST_REQUEST_VIEW_TEXT.confirmCancel}
        </SubmitButton>
      </Stack>
    </form>
  );
}

function SentLink({ sent }: { sent: TrustRequestSent }) {
  return (
    <Alert color="green" title={sent.emailedTo ? `Sent to ${sent.emailedTo}` : 'Link ready'}>
      <Stack gap="xs">
        {!sent.emailedTo && <Text size="sm">{TRUST_REQUEST_VIEW_TEXT.noEmail}</Text>}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={TRUST_REQUEST_VIEW_TEXT.linkLabel}
            value={sent.url}
            readOnly
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={sent.url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs">{TRUST_REQUEST_VIEW_TEXT.linkOnce}</Text>
      </Stack>
    </Alert>
  );
}

function RequestDetails({ request }: { request: TrustRequest }) {
  const { permissions, workingUser } = useSession();
  const queryClient = useQueryClient();
  const can = (permission: string) => hasPermissions(permissions, [permission]);
  const [busy, setBusy] = useState<string | null>(null);
  const [sent, setSent] = useState<TrustRequestSent | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isConfirmingSend, setIsConfirmingSend] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const isOwn = workingUser !== null && (workingUser.id === request.createdByUserId || workingUser.profileId === request.createdByUserId);
  const awaiting = request.status === 'AwaitingApproval' && !request.isApproved;
  const approvers = useTrustRequestApprovers(awaiting);
  const money = (amount: string) => formatMoney(amount, request.currencySymbol);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trustRequestKeys.all });
  const run = (name: string, action: () => Promise<unknown>) => async () => {
    setBusy(name);
    try {
      await action();
      await refresh();
    } catch {
      // The API's message was shown as a toast.
    } finally {
      setBusy(null);
    }
  };

  const isOpen = ['Draft', 'AwaitingApproval'].includes(request.status);
  const canSubmit = can('trustAccountRequest.create') && request.status === 'Draft' && request.isApprovalRequired;
  const canApprove = can('trustAccountRequest.approve') && awaiting && !isOwn;
  const isSendable =
    (request.status === 'Draft' && !request.isApprovalRequired) ||
    (request.status === 'AwaitingApproval' && (request.isApproved || !request.isApprovalRequired));
  const isResendable = request.status === 'Sent' || request.status === 'PartlyPaid';
  const canSend = can('trustAccountRequest.edit') && (isSendable || isResendable);
  const canCancel = can('trustAccountRequest.delete') && request.status !== 'Paid' && request.status !== 'Cancelled';
  const canEdit = can('trustAccountRequest.edit') && request.status === 'Draft';

  if (isEditing)
    return (
      <Stack gap="sm">
        <TrustRequestForm request={request} onSaved={() => setIsEditing(false)} />
        <Button variant="subtle" onClick={() => setIsEditing(false)}>
          Back without saving
        </Button>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <TrustRequestStatusBadge request={request} />
        {request.isTopUp && <Text size="sm">Evergreen top-up</Text>}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Client">{request.clientName}</Field>
        <Field label="Matter">{request.matterId ? `${request.matterNumber ?? ''} ${request.matterName ?? ''}`.trim() : 'Any matter'}</Field>
        <Field label="Trust account">{request.trustAccountName}</Field>
        <Field label="Due date">{date(request.dueDate)}</Field>
        <Field label="Amount asked">{money(request.amount)}</Field>
        <Field label="Paid so far">{money(request.paidAmount)}</Field>
        <Field label="Created by">{request.createdByUserName}</Field>
        {request.approvedByUserName && <Field label="Approved by">{request.approvedByUserName}</Field>}
        {request.sentAt && (
          <Field label="Sent">{`${date(request.sentAt)}${request.sentToEmail ? ` to ${request.sentToEmail}` : ''}`}</Field>
        )}
      </SimpleGrid>
      {request.note && <Field label="Note">{<span style={{ whiteSpace: 'pre-line' }}>{request.note}</span>}</Field>}
      {request.cancelReason && <Field label="Cancelled because">{request.cancelReason}</Field>}
      {awaiting && (
        <Text size="sm" c="dimmed">
          {isOwn ? `${TRUST_REQUEST_VIEW_TEXT.ownRequest} ` : ''}
          {approvers.data && approvers.data.length > 0 ? `Can approve: ${approvers.data.map((member) => member.name).join(', ')}` : ''}
        </Text>
      )}
      {request.sentToEmail && <EmailDeliveryAlert subject="trustRequest" id={request.id} canRetry={can('trustAccountRequest.edit')} />}
      {sent && <SentLink sent={sent} />}
      {isCancelling ? (
        <CancelForm
          request={request}
          onDone={() => {
            setIsCancelling(false);
            void refresh();
          }}
        />
      ) : (
        <Group gap="xs">
          {canEdit && (
            <Button variant="default" onClick={() => setIsEditing(true)}>
              {TRUST_REQUEST_VIEW_TEXT.edit}
            </Button>
          )}
          {canSubmit && (
            <Button loading={busy === 'submit'} onClick={run('submit', () => submitTrustRequest(request.id))}>
              {TRUST_REQUEST_VIEW_TEXT.submit}
            </Button>
          )}
          {canApprove && (
            <Button loading={busy === 'approve'} onClick={run('approve', () => approveTrustRequest(request.id))}>
              {TRUST_REQUEST_VIEW_TEXT.approve}
            </Button>
          )}
          {canSend && (
            <Button loading={busy === 'send'} variant={isResendable ? 'default' : 'filled'} onClick={() => setIsConfirmingSend(true)}>
              {isResendable ? TRUST_REQUEST_VIEW_TEXT.sendAgain : TRUST_REQUEST_VIEW_TEXT.send}
            </Button>
          )}
          {canCancel && (
            <Button variant="subtle" color="red" onClick={() => setIsCancelling(true)}>
              {TRUST_REQUEST_VIEW_TEXT.cancel}
            </Button>
          )}
        </Group>
      )}
      {isConfirmingSend && canSend && (
        <Alert color="blue" role="alertdialog" aria-label="Confirm sending">
          <Stack gap="xs">
            <Text size="sm">{sendConfirmationText(request, isResendable)}</Text>
            <Group gap="xs">
              <Button
                loading={busy === 'send'}
                onClick={run('send', async () => {
                  setSent(await sendTrustRequest(request.id, {}));
                  setIsConfirmingSend(false);
                })}
              >
                {TRUST_REQUEST_VIEW_TEXT.confirmSend}
              </Button>
              <Button variant="default" onClick={() => setIsConfirmingSend(false)}>
                {TRUST_REQUEST_VIEW_TEXT.back}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {isOpen && request.isApprovalRequired && request.status === 'Draft' && (
        <Text size="xs" c="dimmed">
          This firm requires a second person to approve trust requests before they are sent.
        </Text>
      )}
    </Stack>
  );
}

/** One trust request with its actions (submit, approve, send, cancel) and, once sent, its link. */
export function TrustRequestViewModal({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const query = useTrustRequest(requestId);
  const request = query.data ?? null;
  return (
    <GuardedModal
      opened={requestId !== null}
      onClose={onClose}
      title={request ? `Trust request ${request.requestNumber}` : 'Trust request'}
      size="lg"
    >
      {query.isPending ? (
        <LoadingSpinner />
      ) : request ? (
        <RequestDetails key={request.id} request={request} />
      ) : (
        <Text>Trust request not found.</Text>
      )}
    </GuardedModal>
  );
}
