import { useMediaQuery } from '@mantine/hooks';
import type { Lead } from '@matterhorn/shared';
import { useRef } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DiscardChangesModal } from '../../../components/discard-changes-modal.tsx';
import { useCloseGuard } from '../../../lib/forms/use-close-guard.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import type { LeadFormValues } from '../utils/lead-form-values.ts';
import { LeadDetailsForm } from './lead-details-form.tsx';

export const LEAD_MODAL_TITLES = { create: 'New lead', edit: 'Edit lead' } as const;

export type LeadFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The lead to edit; null enters a new one. */
  lead: Lead | null;
  initialValues: LeadFormValues;
  onSaved?: (lead: Lead) => void;
};

/** The lead's form in the app's modal: Escape, × or a click outside ask "Discard changes?" when something was typed. */
export function LeadFormModal({ opened, onClose, lead, initialValues, onSaved }: LeadFormModalProps) {
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const hasChanges = useRef<() => boolean>(() => false);
  const guard = useCloseGuard({ isOpen: opened, close: onClose, hasChanges: () => hasChanges.current() });
  return (
    <>
      <AppModal
        opened={opened}
        onClose={guard.requestClose}
        closeOnEscape={false}
        title={lead ? LEAD_MODAL_TITLES.edit : LEAD_MODAL_TITLES.create}
        size="xl"
        fullScreen={isPhone}
      >
        <div {...guard.bodyProps}>
          {opened && (
            <LeadDetailsForm
              lead={lead}
              initialValues={initialValues}
              hasChanges={hasChanges}
              onCancel={guard.requestClose}
              onSaved={(saved) => {
                hasChanges.current = () => false;
                onClose();
                onSaved?.(saved);
              }}
            />
          )}
        </div>
      </AppModal>
      <DiscardChangesModal
        opened={guard.isAsking}
        onKeepEditing={guard.keepEditing}
        onDiscard={guard.discard}
        text="This lead has changes that are not saved. If you close it now, they are lost."
      />
    </>
  );
}

export default LeadFormModal;
