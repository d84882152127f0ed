import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { DocumentView } from '@matterhorn/shared';
import { lazy, Suspense, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { checkOutDocument, releaseCheckOut } from '../api/documents.ts';
import { checkInDocument } from '../api/upload.ts';
import { displayDateTime } from '../utils/document-display.ts';
import { VersionUploadModal } from './version-upload-modal.tsx';

const CheckOutForm = lazy(async () => ({ default: (await import('./check-out-form.tsx')).CheckOutForm }));

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
          <Suspense fallback={null}>
            <CheckOutForm
              onClose={close}
              onSubmit={async (hours) => {
                await checkOutDocument(document.id, hours);
                await onChanged();
              }}
            />
          </Suspense>
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
