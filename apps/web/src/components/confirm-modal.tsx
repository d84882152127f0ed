import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { headingBefore, keepFocusOnPage } from '../lib/focus.ts';
import { AppModal } from './app-modal.tsx';
import { SubmitButton } from './submit-button.tsx';

export type ConfirmModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The confirming button's text, e.g. 'Delete' or 'Deactivate'. */
  confirmLabel: string;
  /** Resolves when done (the modal then closes); a rejection keeps it open (the API client has toasted). */
  onConfirm: () => Promise<void>;
  /** The dismissing button's text; 'Cancel' unless that would read like the action (e.g. cancelling an invitation). */
  cancelLabel?: string;
  isDestructive?: boolean;
};

/** The heading above the control that has the focus: where the focus goes if that control leaves the page. */
const headingAboveFocus = () => (typeof document === 'undefined' ? null : headingBefore(document.activeElement));

/**
 * A yes/no question in the app's modal: Cancel and a confirming button with a spinner while it works.
 * When what it confirmed takes away the control that opened it (a deleted row's Delete button), the
 * focus goes to the heading above that control (the list's), not to the page's body.
 */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  isDestructive = true,
}: ConfirmModalProps) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Found as the question opens, while the opener is still on the page.
  const [wasOpened, setWasOpened] = useState(opened);
  const [fallbackFocus, setFallbackFocus] = useState<HTMLElement | null>(() => (opened ? headingAboveFocus() : null));
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setFallbackFocus(headingAboveFocus());
  }
  const confirm = async () => {
    setIsSubmitting(true);
    try {
      await onConfirm();
      if (fallbackFocus) keepFocusOnPage(() => fallbackFocus);
      onClose();
    } catch {
      // The API client has already shown the error.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="sm">
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {cancelLabel}
          </Button>
          <SubmitButton type="button" isSubmitting={isSubmitting} onClick={() => void confirm()} color={isDestructive ? 'red' : undefined}>
            {confirmLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
