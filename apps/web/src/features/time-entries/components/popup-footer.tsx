import { Box, Button, Group } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import type { TimeEntryFormState } from '../hooks/use-time-entry-form.ts';

export const FOOTER_LABELS = { save: 'Save', saveAndAddNew: 'Save & Add New', cancel: 'Cancel', deleteEntry: 'Delete Entry' } as const;

/**
 * SPEC.md §2 buttons: Save, Save & Add New and Cancel; from the timer also 'Delete Entry' (on the
 * left, away from Save), otherwise Cancel is the right-hand button.
 */
export function PopupFooter({ state, onDelete }: { state: TimeEntryFormState; onDelete: () => void }) {
  const { form, saveMode } = state;
  const save = (
    <SubmitButton key="save" isSubmitting={form.isSubmitting && saveMode === 'save'} disabled={form.isSubmitting}>
      {FOOTER_LABELS.save}
    </SubmitButton>
  );
  const saveAndAddNew = (
    <SubmitButton
      key="save-and-add-new"
      type="button"
      variant="secondary"
      isSubmitting={form.isSubmitting && saveMode === 'saveAndAddNew'}
      disabled={form.isSubmitting}
      onClick={() => void state.saveAndAddNew()}
    >
      {FOOTER_LABELS.saveAndAddNew}
    </SubmitButton>
  );
  const cancel = (
    <Button key="cancel" variant="default" onClick={state.cancel} disabled={form.isSubmitting}>
      {FOOTER_LABELS.cancel}
    </Button>
  );

  // A billed entry cannot change: the popup only shows it.
  if (state.isBilled) {
    return (
      <StickyFooter>
        <Group justify="flex-end" gap="sm">
          {cancel}
        </Group>
      </StickyFooter>
    );
  }
  if (state.isFromTimer) {
    return (
      <StickyFooter>
        <Group justify="space-between">
          <Button color="red" variant="subtle" onClick={onDelete} disabled={form.isSubmitting}>
            {FOOTER_LABELS.deleteEntry}
          </Button>
          <Group gap="sm">
            {cancel}
            {saveAndAddNew}
            {save}
          </Group>
        </Group>
      </StickyFooter>
    );
  }
  return (
    <StickyFooter>
      <Group justify="flex-end" gap="sm">
        {save}
        {saveAndAddNew}
        {cancel}
      </Group>
    </StickyFooter>
  );
}

// The modal's content is what scrolls: sticking to its bottom keeps Save in view on any screen.
const STICKY_FOOTER_STYLE: CSSProperties = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-default-border)',
  paddingBlock: 'var(--mantine-spacing-sm)',
  marginTop: 'var(--mantine-spacing-md)',
};

function StickyFooter({ children }: { children: ReactNode }) {
  return (
    <Box style={STICKY_FOOTER_STYLE} data-testid="time-entry-popup-footer">
      {children}
    </Box>
  );
}
