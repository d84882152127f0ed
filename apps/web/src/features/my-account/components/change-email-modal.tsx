import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { changeEmailSchema } from '@matterhorn/shared';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { requestEmailChange } from '../api/change-email.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';

export const CHANGE_EMAIL_TITLE = 'Change sign-in email';
export const DISCARD_QUESTION = {
  title: 'Discard changes?',
  text: 'What you typed here is lost if you close now.',
  keepEditing: 'Keep editing',
  discard: 'Discard changes',
} as const;

type ChangeEmailModalProps = {
  opened: boolean;
  currentEmail: string;
  onClose: () => void;
  /** The link has been sent: the page shows the new address as waiting. */
  onRequested: () => void;
};

type ChangeEmailFormProps = Omit<ChangeEmailModalProps, 'opened'> & {
  hasChanges: RefObject<() => boolean>;
  firstFieldRef: RefObject<HTMLInputElement | null>;
};

function ChangeEmailForm({ currentEmail, onClose, onRequested, hasChanges, firstFieldRef }: ChangeEmailFormProps) {
  const form = useAccountForm(changeEmailSchema, { newEmail: '', currentPassword: '' });
  const isChanged = form.isChanged;
  useEffect(() => {
    hasChanges.current = () => isChanged;
  }, [hasChanges, isChanged]);
  const submit = form.onSubmit(async (body) => {
    await requestEmailChange(body);
    onRequested();
    onClose();
  });
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          You sign in as {currentEmail}. We send a link to the new address; your email changes when you open it, and your old address is
          told, with a link to undo the change.
        </Text>
        <TextInput
          ref={firstFieldRef}
          label="New email"
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          {...form.inputProps('newEmail')}
        />
        <PasswordField label="Current password" autoComplete="current-password" withAsterisk {...form.inputProps('currentPassword')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={form.isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting} isAllowedWhenSubscriptionEnded>
            Send confirmation link
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A new sign-in email, proved by the current password. Escape, the backdrop and the close button
 * close it at once when nothing was typed, and otherwise ask first (Keep editing is the default).
 */
export function ChangeEmailModal({ opened, onClose, ...rest }: ChangeEmailModalProps) {
  const hasChanges = useRef<() => boolean>(() => false);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const [isAsking, setIsAsking] = useState(false);

  const close = () => {
    setIsAsking(false);
    onClose();
  };
  const keepEditing = () => {
    setIsAsking(false);
    firstFieldRef.current?.focus();
  };
  const requestClose = () => {
    if (hasChanges.current()) setIsAsking(true);
    else close();
  };

  return (
    <AppModal opened={opened} onClose={isAsking ? keepEditing : requestClose} title={CHANGE_EMAIL_TITLE}>
      <Stack gap="md">
        {isAsking && (
          <Alert color="yellow" title={DISCARD_QUESTION.title}>
            <Text size="sm">{DISCARD_QUESTION.text}</Text>
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button color="red" variant="subtle" onClick={close}>
                {DISCARD_QUESTION.discard}
              </Button>
              <Button onClick={keepEditing} autoFocus>
                {DISCARD_QUESTION.keepEditing}
              </Button>
            </Group>
          </Alert>
        )}
        {/* Cancel and a sent link close at once: only a close that may be a slip asks first. */}
        {opened && <ChangeEmailForm {...rest} onClose={close} hasChanges={hasChanges} firstFieldRef={firstFieldRef} />}
      </Stack>
    </AppModal>
  );
}
