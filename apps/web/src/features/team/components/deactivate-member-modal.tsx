import { Button, Group, Stack, Text } from '@mantine/core';
import type { DeactivationPreview, TeamMember } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { useDeactivationPreview } from '../api/deactivation-preview.ts';
import { deactivateMember } from '../api/set-member-active.ts';
import { openMattersText, timerDurationText } from '../utils/hand-over-text.ts';

export const HAND_OVER_LABEL = 'Hand their open matters and timer to';
export const NO_ONE_LABEL = 'No one — keep them on their matters';
export const CHOOSE_SUCCESSOR = 'Choose who takes over their work, or No one';
export const OWNER_FIRST = 'Transfer the firm’s ownership to someone else before deactivating its owner.';
const NO_ONE = 'no-one';

type DeactivateMemberModalProps = {
  /** The member to deactivate; null while the dialog is closed. */
  member: TeamMember | null;
  /** The firm's members: the active ones besides `member` may take over. */
  members: TeamMember[];
  onClose: () => void;
  onDeactivated: () => void;
};

type HandOverFormProps = Omit<DeactivateMemberModalProps, 'member'> & { member: TeamMember; preview: DeactivationPreview };

function timerText({ timerSeconds, timerRunning }: DeactivationPreview): string {
  const held = `holds ${timerDurationText(timerSeconds)} not yet recorded`;
  return `Their timer ${timerRunning ? `is running and ${held}` : held}. It will be stopped.`;
}

/** What deactivating does, and (when they have work) the colleague who takes it over: a choice the admin must make. */
function HandOverForm({ member, members, preview, onClose, onDeactivated }: HandOverFormProps) {
  const [choice, setChoice] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const hasWork = preview.openMatters > 0 || preview.timerSeconds > 0;
  const colleagues = members.filter((colleague) => colleague.isActive && colleague.id !== member.id);

  const deactivate = async () => {
    setIsSubmitted(true);
    if (hasWork && choice === '') return;
    setIsSubmitting(true);
    try {
      await deactivateMember(member.id, choice === '' || choice === NO_ONE ? null : choice);
      onDeactivated();
      onClose();
    } catch (error) {
      // The API client has shown the message; one about the colleague chosen also stays by the list.
      setServerError(fieldErrorsOf(error).reassignToUserId ?? null);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {member.name} will be signed out everywhere and can no longer sign in. Their records stay. {openMattersText(preview.openMatters)}
      </Text>
      {preview.timerSeconds > 0 && <Text size="sm">{timerText(preview)}</Text>}
      {hasWork && (
        <SearchableSelect
          label={HAND_OVER_LABEL}
          entity="team member"
          placeholder="Choose a colleague"
          withAsterisk
          description="They take this member’s place on each open matter, at their own rate, and the timer’s time is added to theirs to record."
          options={[
            ...colleagues.map((colleague) => ({ value: colleague.id, label: colleague.name })),
            { value: NO_ONE, label: NO_ONE_LABEL },
          ]}
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setServerError(null);
          }}
          error={serverError ?? (isSubmitted && choice === '' ? CHOOSE_SUCCESSOR : undefined)}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton type="button" color="red" isSubmitting={isSubmitting} onClick={() => void deactivate()}>
          Deactivate
        </SubmitButton>
      </Group>
    </Stack>
  );
}

function DeactivateMemberBody(props: Omit<HandOverFormProps, 'preview'>) {
  const { member, onClose } = props;
  const preview = useDeactivationPreview(member.id);
  if (preview.isPending) return <LoadingSpinner label={`Loading what ${member.name} would hand over`} />;
  if (preview.data && !preview.data.isOwner) return <HandOverForm {...props} preview={preview.data} />;
  // The owner is deactivated only once someone else owns the firm: no Deactivate to press.
  return (
    <Stack gap="md">
      {preview.data ? (
        <Text size="sm">{OWNER_FIRST}</Text>
      ) : (
        <Text size="sm" c="red.8" role="alert">
          What deactivating {member.name} would change could not be loaded. Close this and try again.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** Deactivating a member: what happens to them and their work, asked before it is done. */
export function DeactivateMemberModal({ member, ...rest }: DeactivateMemberModalProps) {
  return (
    <AppModal opened={member !== null} onClose={rest.onClose} title={`Deactivate ${member?.name ?? 'member'}?`}>
      {member && <DeactivateMemberBody member={member} {...rest} />}
    </AppModal>
  );
}
