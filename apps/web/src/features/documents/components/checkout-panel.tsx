import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { DOCUMENT_CHECKOUT_DEFAULT_HOURS, DOCUMENT_CHECKOUT_MAX_HOURS, type DocumentView } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { checkOutDocument, releaseCheckOut } from '../api/documents.ts';
import { checkInDocument } from '../api/upload.ts';
import { displayDateTime } from '../utils/document-display.ts';
import { VersionUploadModal } from './version-upload-modal.tsx';

export type CheckoutPanelProps = {
  document: DocumentView;
  userId: string | null;
  canEdit: boolean;
  isAdministrator: boolean;
  onChanged: () => Promise<void>;
};

/**
 * Check-out marks the document as being edited; the check-in names the version it was based on, so
 * the server keeps a check-in against an older version as a flagged conflict instead of losing it.
 */
export function CheckoutPanel({ document, userId, canEdit, isAdministrator, onChanged }: CheckoutPanelProps) {
  const [open, setOpen] = useState<'check-out' | 'check-in' | 'release' | null>(null);
  const checkout = document.checkout && !document.checkout.isExpired ? document.checkout : null;
  const isMine = checkout !== null && checkout.userId === userId;
  const close = () => setOpen(null);

  return (
    <Stack gap="xs" component="section" aria-label="Check-out">
      {checkout && (
        <Alert color={isMine ? 'blue' : 'yellow'} variant="light" data-testid="checkout-status">
          <Text size="sm">
            Checked out by {checkout.userName} until {displayDateTime(checkout.until)} (from version {checkout.baseVersion})
          </Text>
        </Alert>
      )}
      {canEdit && (
        <Group gap="sm">
          {!checkout && (
            <Button size="sm" variant="default" onClick={() => setOpen('check-out')}>
              Check out
            </Button>
          )}
          {isMine && (
            <Button size="sm" onClick={() => setOpen('check-in')}>
              Check in
            </Button>
          )}
          {checkout && (isMine || isAdministrator) && (
            <Button size="sm" variant="light" color={isMine ? 'gray' : 'red'} onClick={() => setOpen('release')}>
              Release check-out
            </Button>
          )}
        </Group>
      )}
      <AppModal opened={open === 'check-out'} onClose={close} title={`Check out ${document.name}`} size="sm">
        {open === 'check-out' && (
          <CheckOutForm
            onClose={close}
            onSubmit={async (hours) => {
              await checkOutDocument(document.id, hours);
              await onChanged();
            }}
          />
        )}
      </AppModal>
      <VersionUploadModal
        opened={open === 'check-in'}
        title={`Check in ${document.name}`}
        submitLabel="Check in"
        description={checkout ? `Based on version ${checkout.baseVersion}, the one you checked out.` : undefined}
        onClose={close}
        onUpload={async (file, note, onProgress) => {
          await checkInDocument(document.id, checkout?.baseVersion ?? document.currentVersionNumber, file, note || undefined, onProgress);
          await onChanged();
        }}
      />
      <ConfirmModal
        opened={open === 'release'}
        onClose={close}
        title="Release the check-out?"
        confirmLabel="Release check-out"
        onConfirm={async () => {
          await releaseCheckOut(document.id);
          await onChanged();
        }}
      >
        {isMine
          ? 'The document is no longer marked as being edited by you.'
          : `${checkout?.userName ?? 'Someone'} may still be editing it: if they check in later, their version is kept and flagged as a conflict.`}
      </ConfirmModal>
    </Stack>
  );
}

function CheckOutForm({ onClose, onSubmit }: { onClose: () => void; onSubmit: (hours: number) => Promise<void> }) {
  const [hours, setHours] = useState<number>(DOCUMENT_CHECKOUT_DEFAULT_HOURS);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isValid = Number.isInteger(hours) && hours >= 1 && hours <= DOCUMENT_CHECKOUT_MAX_HOURS;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        setIsSubmitting(true);
        onSubmit(hours)
          .then(onClose)
          .catch(() => {})
          .finally(() => setIsSubmitting(false));
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label="Hours"
          description={`How long it stays checked out to you (at most ${DOCUMENT_CHECKOUT_MAX_HOURS})`}
          min={1}
          max={DOCUMENT_CHECKOUT_MAX_HOURS}
          allowDecimal={false}
          value={hours}
          onChange={(value) => setHours(typeof value === 'number' ? value : Number(value))}
          error={isValid ? null : `Between 1 and ${DOCUMENT_CHECKOUT_MAX_HOURS} hours`}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={isSubmitting}>Check out</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
