import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CONFLICT_DECISIONS,
  isoToDisplayDate,
  LEAD_CONFLICT_DECISION_LABELS,
  leadConflictDecisionSchema,
  type Lead,
} from '@matterhorn/shared';
import { useState } from 'react';
import { ConflictMatchesTable } from '../../../components/conflict-matches-table.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useLeadWrites } from '../api/leads-api.ts';

export const CONFLICT_TEXT = {
  title: 'Conflict check',
  run: 'Run conflict check',
  runAgain: 'Run conflict check again',
  never: 'Not checked yet. The check searches the lead’s names and the opposing parties among the firm’s clients, contacts and parties.',
  stale: 'The lead’s names or opposing parties changed since this check ran: run it again.',
  noMatches: 'No match among the firm’s names.',
  matches: (count: number) => (count === 1 ? '1 match' : `${count} matches`),
  decide: 'Record decision',
} as const;

const DECISION_COLORS = { no_conflict: 'teal', proceed_despite_conflict: 'yellow', declined: 'red' } as const;

/** The decision and its notes, checked by the contract's schema (waiving a conflict needs notes) before it is sent. */
function DecisionForm({ lead, hasMatches }: { lead: Lead; hasMatches: boolean }) {
  const writes = useLeadWrites();
  const [decision, setDecision] = useState<string>(hasMatches ? '' : 'no_conflict');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const submit = async () => {
    const parsed = leadConflictDecisionSchema.safeParse({ decision, notes });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'decision'), issue.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await writes.recordConflictDecision(lead.id, parsed.data);
    } catch {
      // The toast says why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      noValidate
      aria-label="Conflict decision"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Radio.Group label="Decision" withAsterisk value={decision} onChange={setDecision} error={errors.decision}>
          <Group mt={4}>
            {CONFLICT_DECISIONS.map((value) => (
              <Radio key={value} value={value} label={LEAD_CONFLICT_DECISION_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Decision notes"
          rows={2}
          maxLength={2000}
          value={notes}
          error={errors.notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <SubmitButton isSubmitting={isSaving} style={{ alignSelf: 'flex-start' }}>
          {CONFLICT_TEXT.decide}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * Runs the firm's conflict engine on the lead's names and opposing parties, shows what it found,
 * and records the firm's decision (carried to the client and matter when the lead converts).
 */
export function LeadConflictCard({ lead, canEdit }: { lead: Lead; canEdit: boolean }) {
  const writes = useLeadWrites();
  const idempotency = useIdempotencyKey();
  const [isRunning, setRunning] = useState(false);
  const check = lead.conflictCheck;
  const run = async () => {
    setRunning(true);
    try {
      await writes.runConflictCheck(lead.id, idempotency.key);
      idempotency.renew();
    } catch {
      // The toast says why (a lead without a name to search, say).
    } finally {
      setRunning(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lead-conflict">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="lead-conflict">
            {CONFLICT_TEXT.title}
          </Title>
          {canEdit && (
            <Button variant={check ? 'default' : 'filled'} loading={isRunning} onClick={() => void run()}>
              {check ? CONFLICT_TEXT.runAgain : CONFLICT_TEXT.run}
            </Button>
          )}
        </Group>
        {!check && <Text size="sm">{CONFLICT_TEXT.never}</Text>}
        {check && (
          <Stack gap="sm" aria-live="polite">
            {check.isStale && <Alert color="yellow">{CONFLICT_TEXT.stale}</Alert>}
            <Text size="sm">
              Ran {isoToDisplayDate(check.ranAt.slice(0, 10))} on {check.searchedNames.join(', ')}:{' '}
              <Text span fw={600}>
                {check.matchCount === 0 ? CONFLICT_TEXT.noMatches : CONFLICT_TEXT.matches(check.matchCount)}
              </Text>
            </Text>
            {check.matches.length > 0 && <ConflictMatchesTable matches={check.matches} />}
            {check.decision ? (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">Decision:</Text>
                <Badge color={DECISION_COLORS[check.decision]} variant="light">
                  {LEAD_CONFLICT_DECISION_LABELS[check.decision]}
                </Badge>
                {check.decisionNotes && <Text size="sm">{check.decisionNotes}</Text>}
              </Group>
            ) : (
              canEdit && <DecisionForm key={check.conflictCheckId} lead={lead} hasMatches={check.matchCount > 0} />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
