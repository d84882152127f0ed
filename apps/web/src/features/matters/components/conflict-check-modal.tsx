import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ConflictMatchesTable } from '../../../components/conflict-matches-table.tsx';
import type { ConflictCheckResult } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import type { ConflictDecision } from '../api/conflict-check.ts';

export const PROCEED_NOTES_REQUIRED = 'Notes are required to proceed despite a conflict';

export type ConflictCheckModalProps = {
  result: ConflictCheckResult | null;
  onDecide: (decision: ConflictDecision, notes: string | null) => void;
};

/**
 * The conflict check's matches before a matter is saved: the user confirms there is no conflict,
 * proceeds despite one (with notes, kept with the check), or cancels (recorded as declined).
 */
export function ConflictCheckModal({ result, onDecide }: ConflictCheckModalProps) {
  const [notes, setNotes] = useState('');
  const [isNotesTouched, setIsNotesTouched] = useState(false);
  const notesError = isNotesTouched && notes.trim() === '' ? PROCEED_NOTES_REQUIRED : undefined;

  const decide = (decision: ConflictDecision) => {
    const trimmed = notes.trim();
    setNotes('');
    setIsNotesTouched(false);
    onDecide(decision, trimmed === '' ? null : trimmed);
  };

  const matches = result?.matches ?? [];
  return (
    <AppModal opened={result !== null} onClose={() => decide('declined')} title="Possible conflict of interest" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {matches.length === 1 ? 'One existing record resembles' : `${matches.length} existing records resemble`} the names on this matter.
          Review them before saving.
        </Text>
        <ConflictMatchesTable matches={matches} />
        <Textarea
          label="Conflict notes"
          description="Why the matter can go ahead (kept with the conflict check)."
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={notesError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => decide('declined')}>
            Cancel
          </Button>
          <Button
            variant="light"
            color="orange"
            onClick={() => {
              if (notes.trim() === '') {
                setIsNotesTouched(true);
                return;
              }
              decide('proceed_despite_conflict');
            }}
          >
            Proceed despite conflict
          </Button>
          <Button onClick={() => decide('no_conflict')}>No conflict — save matter</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
