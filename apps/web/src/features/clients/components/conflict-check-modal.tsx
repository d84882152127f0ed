import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ConflictCheckResult } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import type { ClientConflictDecision } from '../api/client-conflict-check.ts';
import { ConflictMatchesTable } from '../../../components/conflict-matches-table.tsx';

type ConflictCheckModalProps = {
  result: ConflictCheckResult | null;
  isSaving: boolean;
  onDecide: (decision: ClientConflictDecision, notes: string) => void;
  onCancel: () => void;
};

/** Shows what the conflict check found and asks the user to decide before the client is saved. */
export function ConflictCheckModal({ result, isSaving, onDecide, onCancel }: ConflictCheckModalProps) {
  const [notes, setNotes] = useState('');
  const matches = result?.matches ?? [];
  const hasMatches = matches.length > 0;
  const close = () => {
    if (isSaving) return;
    setNotes('');
    onCancel();
  };

  return (
    <AppModal opened={result !== null} onClose={close} title="Conflict check" size="xl">
      {result && (
        <Stack gap="md">
          <Text size="sm">Searched: {result.searchedNames.join(', ')}</Text>
          {hasMatches ? (
            <>
              <Alert color="yellow" title={`${matches.length} possible ${matches.length === 1 ? 'conflict' : 'conflicts'} found`}>
                Review each match and the client or matter it belongs to before you save.
              </Alert>
              <ConflictMatchesTable matches={matches} />
              <Textarea
                label="Decision notes"
                description="Why the firm may act despite the match (kept with the conflict check)."

                rows={2}
                value={notes}
                onChange={(event) => setNotes(event.currentTarget.value)}
              />
            </>
          ) : (
            <Alert color="green" title="No conflicts found">
              No client, company, contact or party of the firm matches these names.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isSaving} {...(hasMatches ? { 'data-autofocus': true } : {})}>
              Cancel
            </Button>
            {hasMatches && (
              <Button color="orange" onClick={() => onDecide('proceed_despite_conflict', notes)} disabled={isSaving} loading={isSaving}>
                Proceed despite conflict
              </Button>
            )}
            <Button
              onClick={() => onDecide('no_conflict', notes)}
              disabled={isSaving}
              loading={isSaving}
              {...(hasMatches ? {} : { 'data-autofocus': true })}
            >
              No conflict — save client
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
