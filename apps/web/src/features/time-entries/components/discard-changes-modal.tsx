import { DiscardChangesModal as AppDiscardChangesModal, DISCARD_CHANGES_TEXTS } from '../../../components/discard-changes-modal.tsx';

export const DISCARD_MODAL = {
  title: DISCARD_CHANGES_TEXTS.title,
  text: 'This time entry has changes that are not saved. If you close it now, they are lost.',
  keepEditing: DISCARD_CHANGES_TEXTS.keepEditing,
  // The popup's button has always said it in full (the journeys click it by this name).
  discard: 'Discard changes',
} as const;

/** Asked before the popup closes over unsaved typing; Keep editing is the safe default. */
export function DiscardChangesModal({
  opened,
  onKeepEditing,
  onDiscard,
}: {
  opened: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  return (
    <AppDiscardChangesModal
      opened={opened}
      onKeepEditing={onKeepEditing}
      onDiscard={onDiscard}
      text={DISCARD_MODAL.text}
      discardLabel={DISCARD_MODAL.discard}
    />
  );
}
