import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { ConflictCheckResult } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConflictDecision } from '../../../lib/conflict-checks.ts';
import { ConflictHistory } from '../components/conflict-history.tsx';
import { ConflictMatchesTable } from '../../../components/conflict-matches-table.tsx';
import { DECISION_LABELS } from '../components/decision-labels.ts';
import { DecisionForm } from '../components/decision-form.tsx';
import { RunCheckForm } from '../components/run-check-form.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /conflict-check: check any names on their own, record the decision, and see every past check. */
export function ConflictCheckPage() {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ConflictCheckResult | null>(null);
  const [decision, setDecision] = useState<ConflictDecision | null>(null);
  const refreshHistory = () => void queryClient.invalidateQueries({ queryKey: ['conflict-checks'] });

  return (
    <Stack gap="md">
      <PageTitle parts={['Conflict Check']} />
      <div>
        <Title order={1}>Conflict Check</Title>
        <Text c="dimmed" size="sm">
          Fuzzy matching finds spelling variants and names in another order across every client, company, contact and party.
        </Text>
      </div>
      <Card withBorder component="section" aria-label="New conflict check">
        <RunCheckForm
          onResult={(next) => {
            setResult(next);
            setDecision(null);
            refreshHistory();
          }}
        />
      </Card>
      {result && (
        <Card withBorder component="section" aria-label="Conflict check result">
          <Stack gap="md">
            <Title order={2} size="h4">
              Result for {result.searchedNames.join(', ')}
            </Title>
            {result.matches.length > 0 ? (
              <>
                <Alert
                  color="yellow"
                  title={`${result.matches.length} possible ${result.matches.length === 1 ? 'conflict' : 'conflicts'} found`}
                >
                  Review each match and the client or matter it belongs to.
                </Alert>
                <ConflictMatchesTable matches={result.matches} />
              </>
            ) : (
              <Alert color="green" title="No conflicts found">
                No client, company, contact or party of the firm matches these names.
              </Alert>
            )}
            {decision ? (
              <Text size="sm" role="status">
                Decision recorded: {DECISION_LABELS[decision]}.
              </Text>
            ) : (
              <DecisionForm
                key={result.conflictCheckId}
                conflictCheckId={result.conflictCheckId}
                hasMatches={result.matches.length > 0}
                onRecorded={(recorded) => {
                  setDecision(recorded);
                  refreshHistory();
                }}
              />
            )}
          </Stack>
        </Card>
      )}
      <ConflictHistory onChanged={refreshHistory} />
    </Stack>
  );
}
