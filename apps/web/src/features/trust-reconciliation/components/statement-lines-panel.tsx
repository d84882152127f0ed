import { Badge, Button, Card, Checkbox, Group, Pagination, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type StatementLine } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import {
  matchStatementLine,
  reconciliationKeys,
  unmatchStatementLine,
  useMatchCandidates,
  useStatementLines,
} from '../api/reconciliation-api.ts';

function MatchModal({
  trustAccountId,
  line,
  symbol,
  onClose,
}: {
  trustAccountId: string;
  line: StatementLine;
  symbol: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const candidates = useMatchCandidates(trustAccountId, line.id);
  const [chosen, setChosen] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const save = async () => {
    setIsSaving(true);
    try {
      await matchStatementLine(line.id, chosen);
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(trustAccountId) });
      onClose();
    } catch {
      // The call toasted the reason.
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <AppModal opened onClose={onClose} title="Match the bank line">
      <Stack gap="sm">
        <Text size="sm">
          {isoToDisplayDate(line.lineDate)} · {line.description || 'No description'} · {formatMoney(line.amount, symbol)}
        </Text>
        {candidates.isLoading ? (
          <Text size="sm">Looking for movements of {formatMoney(line.amount, symbol)}…</Text>
        ) : (candidates.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            No unmatched trust movement of this account has this amount and direction.
          </Text>
        ) : (
          <Radio.Group label="Trust movement" value={chosen} onChange={setChosen} name="transactionId">
            <Stack gap={6} mt="xs">
              {(candidates.data ?? []).map((movement) => (
                <Radio
                  key={movement.transactionId}
                  value={movement.transactionId}
                  label={`${isoToDisplayDate(movement.transactionDate)} · #${movement.sequenceNumber} · ${movement.clientName}${
                    movement.reference ? ` · ${movement.reference}` : ''
                  } · ${formatMoney(movement.amount, symbol)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton type="button" onClick={save} disabled={!chosen} isSubmitting={isSaving}>
            Match
          </SubmitButton>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** The account's imported bank lines: what each is matched to, and matching or unmatching by hand. */
export function StatementLinesPanel({ trustAccountId, symbol, canEdit }: { trustAccountId: string; symbol: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [isUnmatchedOnly, setIsUnmatchedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [matching, setMatching] = useState<StatementLine | null>(null);
  const lines = useStatementLines(trustAccountId, isUnmatchedOnly, page);
  const data = lines.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.size)) : 1;
  const unmatch = async (line: StatementLine) => {
    try {
      await unmatchStatementLine(line.id);
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(trustAccountId) });
    } catch {
      // The call toasted the reason.
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="statement-lines-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id="statement-lines-title">
          Bank statement lines
        </Title>
        <Checkbox
          label="Unmatched only"
          checked={isUnmatchedOnly}
          onChange={(event) => {
            setIsUnmatchedOnly(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {data && data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {isUnmatchedOnly ? 'Every bank line is matched.' : 'No bank statement imported yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Bank statement lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Matched to</Table.Th>
                {canEdit && <Table.Th>Action</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.data ?? []).map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{isoToDisplayDate(line.lineDate)}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.amount, symbol)}</Table.Td>
                  <Table.Td>
                    {line.matchedTransaction ? (
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">
                          #{line.matchedTransaction.sequenceNumber} · {line.matchedTransaction.clientName}
                        </Text>
                        <Badge size="xs" variant="light">
                          {line.matchKind === 'auto' ? 'Auto' : 'By hand'}
                        </Badge>
                      </Group>
                    ) : (
                      <Badge color="orange" variant="light">
                        Unmatched
                      </Badge>
                    )}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      {line.matchedTransaction ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => unmatch(line)}
                          aria-label={`Unmatch the line ${line.description}`}
                        >
                          Unmatch
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setMatching(line)}
                          aria-label={`Match the line ${line.description}`}
                        >
                          Match
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          mt="sm"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page of bank lines` })}
          getItemProps={(item) => ({ 'aria-label': `Bank lines page ${item}` })}
        />
      )}
      {matching && <MatchModal trustAccountId={trustAccountId} line={matching} symbol={symbol} onClose={() => setMatching(null)} />}
    </Card>
  );
}
