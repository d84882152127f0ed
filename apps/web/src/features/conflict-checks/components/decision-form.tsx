import { Group, Radio, Stack, Textarea } from '@mantine/core';
import { recordConflictDecisionSchema } from '@matterhorn/shared';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { recordConflictDecision, type ConflictDecision } from '../../../lib/conflict-checks.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { DECISION_LABELS } from './decision-labels.ts';

type DecisionFormProps = { conflictCheckId: string; hasMatches: boolean; onRecorded: (decision: ConflictDecision) => void };

/**
 * Records what the firm decided about one check: no conflict, proceed despite it (with notes, the
 * shared rule), or decline.
 */
export function DecisionForm({ conflictCheckId, hasMatches, onRecorded }: DecisionFormProps) {
  const form = useSchemaForm(recordConflictDecisionSchema, { decision: hasMatches ? '' : 'no_conflict', notes: '' });

  const submit = form.onSubmit(async ({ decision, notes }) => {
    await recordConflictDecision(conflictCheckId, decision, notes ?? null, { toastSuccess: true });
    onRecorded(decision);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Record decision">
      <Stack gap="sm">
        <Radio.Group label="Decision" withAsterisk {...form.selectProps('decision')}>
          <Group mt={4}>
            {(Object.keys(DECISION_LABELS) as ConflictDecision[]).map((value) => (
              <Radio key={value} value={value} label={DECISION_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea label="Decision notes" rows={2} maxLength={2000} {...form.inputProps('notes')} />
        <Group justify="flex-end">
          <SubmitButton isSubmitting={form.isSubmitting}>Record decision</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
