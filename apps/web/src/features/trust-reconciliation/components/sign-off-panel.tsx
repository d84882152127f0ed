import { Card, Group, InputBase, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, isoToDisplayDate } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { reconciliationKeys, signOffReconciliation, useReconciliationHistory } from '../api/reconciliation-api.ts';

/**
 * Sign off the reconciliation as of the chosen date (allowed only when it agrees; the period is then
 * locked), and the account's signed-off periods.
 */
export function SignOffPanel({
  trustAccountId,
  asOf,
  isBalanced,
  hasBankBalance,
  canEdit,
  symbol,
}: {
  trustAccountId: string;
  asOf: string;
  isBalanced: boolean;
  hasBankBalance: boolean;
  canEdit: boolean;
  symbol: string;
}) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const [page, setPage] = useState(1);
  const history = useReconciliationHistory(trustAccountId, page);
  const canSignOff = isBalanced && hasBankBalance;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    try {
      await signOffReconciliation(trustAccountId, { periodEnd: asOf, note });
      setNote('');
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(trustAccountId) });
    } catch {
      // The call toasted the reason.
    } finally {
      setIsSaving(false);
    }
  };
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.size)) : 1;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sign-off-title">
      <Title order={3} size="h4" id="sign-off-title" mb="xs">
        Sign-off
      </Title>
      <Stack gap="sm">
        {canEdit && (
          <form onSubmit={submit} aria-label="Sign off the reconciliation" noValidate>
            <Stack gap="xs">
              <Text size="sm">
                Signing off the period ending {isoToDisplayDate(asOf)} locks it: no trust movement dated on or before it can be recorded
                afterwards.
              </Text>
              <InputBase
                component="textarea"
                multiline
                rows={2}
                label="Note"
                value={note}
                onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setNote(event.currentTarget.value)}
                maxLength={2000}
              />
              {!canSignOff && (
                <Text size="sm" c="dimmed">
                  {hasBankBalance ? 'The balances must agree before the period can be signed off.' : 'Enter the bank’s balance first.'}
                </Text>
              )}
              <Group>
                <SubmitButton isSubmitting={isSaving} disabled={!canSignOff}>
                  Sign off to {isoToDisplayDate(asOf)}
                </SubmitButton>
              </Group>
            </Stack>
          </form>
        )}
        {data && data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No reconciliation signed off yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Signed-off reconciliations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Period end</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Signed off by</Table.Th>
                  <Table.Th>Note</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.data ?? []).map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{isoToDisplayDate(row.periodEnd)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.ledgerBalance, symbol)}</Table.Td>
                    <Table.Td>
                      {row.signedOffByName} · {isoToDisplayDate(row.signedOffAt.slice(0, 10))}
                    </Table.Td>
                    <Table.Td>{row.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page of sign-offs` })}
            getItemProps={(item) => ({ 'aria-label': `Sign-offs page ${item}` })}
          />
        )}
      </Stack>
    </Card>
  );
}
