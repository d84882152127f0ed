import { Button, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { timeEntryPopup, type TimeEntryPopupRequest } from '../../../lib/app-state/time-entry-popup-state.ts';
import { timeEntryQuery } from '../api/time-entry.ts';
import { usePopupCloseGuard } from '../hooks/use-popup-close-guard.ts';
import { useWindowHeight } from '../hooks/use-window-height.ts';
import { DiscardChangesModal } from './discard-changes-modal.tsx';
import { TimeEntryForm } from './time-entry-form.tsx';

export const POPUP_TITLES = { create: 'New Time Entry', edit: 'Edit Time Entry' } as const;
/** SPEC.md §9: the popup's layout switches under this window height. */
export const COMPACT_HEIGHT_THRESHOLD = 900;
export const ENTRY_NOT_FOUND_TEXT = 'This time entry could not be found. It may have been deleted.';

/** SPEC.md §2 Time-entry popup: 'New Time Entry', or 'Edit Time Entry' once an entry id is present. */
export function TimeEntryPopup({ request }: { request: TimeEntryPopupRequest }) {
  const entryId = request.entryId ?? '';
  const isEdit = entryId !== '';
  const entry = useQuery({ ...timeEntryQuery(entryId), enabled: isEdit });
  const isCompact = useWindowHeight() < COMPACT_HEIGHT_THRESHOLD;
  const guard = usePopupCloseGuard(timeEntryPopup.close);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  let body;
  if (!isEdit) body = <TimeEntryForm request={request} entry={null} isCompact={isCompact} hasChanges={guard.hasChanges} />;
  else if (entry.isPending) body = <LoadingSpinner />;
  else if (entry.data) body = <TimeEntryForm request={request} entry={entry.data} isCompact={isCompact} hasChanges={guard.hasChanges} />;
  else
    body = (
      <Stack gap="md">
        <Text>{ENTRY_NOT_FOUND_TEXT}</Text>
        <Button variant="default" onClick={timeEntryPopup.close} w="fit-content">
          Close
        </Button>
      </Stack>
    );

  return (
    <>
      <AppModal
        opened
        onClose={guard.requestClose}
        closeOnEscape={false}
        title={isEdit ? POPUP_TITLES.edit : POPUP_TITLES.create}
        size={isCompact ? 'xl' : 'lg'}
        fullScreen={isPhone}
      >
        <div {...guard.bodyProps}>{body}</div>
      </AppModal>
      <DiscardChangesModal opened={guard.isAsking} onKeepEditing={guard.keepEditing} onDiscard={guard.discard} />
    </>
  );
}
