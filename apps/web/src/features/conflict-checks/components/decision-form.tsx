import { Group, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { recordConflictDecision, type ConflictDecision } from '../api/record-decision.ts';
import { DECISION_LABELS } from './decision-labels.ts';

type DecisionFormProps = { conflictCheckId: string; hasMatches: boolean; onRecorded: (decision: ConflictDecision) => void };

/** Records what the firm decided about one check: no conflict, proceed despite it, or decline. */
export function DecisionForm({ conflictCheckId, hasMatches, onRecorded }: DecisionFormProps) {
  const [decision, setDecision] = useState<ConflictDecision | ''>(hasMatches ? '' : 'no_conflict');
  const [notes, setNotes] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (!decision || isSubmitting) return;
    setIsSubmitting(true);
    try {
      await recordConflictDecision(conflictCheckId, decision, notes);
      onRecorded(decision);
    } catch {
      // The API client has shown the error.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Record decision">
      <Stack gap="sm">
        <Radio.Group
          label="Decision"
          withAsterisk
          value={decision}
          onChange={(value) => setDecision(value as ConflictDecision)}
          error={isTouched && !decision ? 'Decision is required' : undefined}
        >
          <Group mt={4}>
            {(Object.keys(DECISION_LABELS) as ConflictDecision[]).map((value) => (
              <Radio key={value} value={value} label={DECISION_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Decision notes"
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <SubmitButton isSubmitting={isSubmitting}>Record decision</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
