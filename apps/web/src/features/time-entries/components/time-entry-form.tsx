import { Alert, Anchor, Grid, Group, ScrollArea, Stack } from '@mantine/core';
import { billedLockMessage, TIME_ENTRY_RULE_MESSAGES, type TimeEntry } from '@matterhorn/shared';
import { useEffect, useState, type RefObject } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import type { TimeEntryPopupRequest } from '../../../lib/app-state/time-entry-popup-state.ts';
import { usePopupOptions } from '../hooks/use-popup-options.ts';
import { useTimeEntryForm } from '../hooks/use-time-entry-form.ts';
import { BillingSection, type SectionSpan } from './billing-section.tsx';
import { EntryTimeFields } from './entry-time-fields.tsx';
import { LinkedToSection } from './linked-to-section.tsx';
import { MatterTypeWarning } from './matter-type-warning.tsx';
import { PopupFooter } from './popup-footer.tsx';

export const MINIMIZE_LABEL = 'Minimize popup';
export const DELETE_MODAL = {
  title: 'Delete Time Entry?',
  text: 'Are you sure you want delete the time entry?',
  confirm: 'Delete',
} as const;

export type TimeEntryFormProps = {
  request: TimeEntryPopupRequest;
  entry: TimeEntry | null;
  /** Under 900 px of window height the body scrolls and the fields sit two to a row (one on a phone). */
  isCompact: boolean;
  /** Set to tell the popup whether closing would lose typing. */
  hasChanges?: RefObject<() => boolean>;
};

export function TimeEntryForm({ request, entry, isCompact, hasChanges }: TimeEntryFormProps) {
  const state = useTimeEntryForm(request, entry);
  const hasChangesNow = state.hasChanges;
  useEffect(() => {
    if (hasChanges) hasChanges.current = () => hasChangesNow;
  }, [hasChanges, hasChangesNow]);
  const options = usePopupOptions(state.values, entry);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // Two to a row on a short window, but one to a row on a phone, where two columns of 170 px cramp every field.
  const span: SectionSpan = isCompact ? { base: 12, sm: 6 } : 12;

  const fields = (
    <Stack gap={isCompact ? 'xs' : 'md'}>
      <Grid gap="sm">
        <EntryTimeFields state={state} span={span} />
      </Grid>
      <LinkedToSection state={state} options={options} span={span} />
      <MatterTypeWarning matterRate={options.matterRate} isBillable={state.isBillable} />
      <BillingSection state={state} options={options} span={span} />
    </Stack>
  );

  return (
    <>
      <form
        onSubmit={state.save}
        noValidate
        aria-label={entry ? 'Edit time entry' : 'New time entry'}
        data-layout={isCompact ? 'compact' : 'full'}
      >
        <Group justify="flex-end" mb="xs">
          <Anchor component="button" type="button" size="sm" onClick={state.minimize}>
            {MINIMIZE_LABEL}
          </Anchor>
        </Group>
        {state.isLocked && (
          <Alert color="gray" variant="light" mb="sm" role="status">
            {state.billedOnInvoiceNumber ? billedLockMessage(state.billedOnInvoiceNumber) : TIME_ENTRY_RULE_MESSAGES.locked}
          </Alert>
        )}
        {isCompact ? (
          <ScrollArea.Autosize mah="calc(100dvh - 220px)" type="auto" offsetScrollbars>
            {fields}
          </ScrollArea.Autosize>
        ) : (
          fields
        )}
        <PopupFooter state={state} onDelete={() => setIsDeleteOpen(true)} />
      </form>
      <ConfirmModal
        opened={isDeleteOpen}
        onClose={() => setIsDeleteOpen(false)}
        title={DELETE_MODAL.title}
        confirmLabel={DELETE_MODAL.confirm}
        onConfirm={state.deleteTimerEntry}
      >
        {DELETE_MODAL.text}
      </ConfirmModal>
    </>
  );
}
