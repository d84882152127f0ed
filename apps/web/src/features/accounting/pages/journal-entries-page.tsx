import { Anchor, Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, hasPermissions, type JournalEntryView } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import {
  accountingKeys,
  addJournalAttachment,
  chartQuery,
  downloadJournalAttachment,
  journalEntriesQuery,
  reverseJournalEntry,
} from '../api/accounting-api.ts';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The forms and their library load when a modal first opens, not with the page (its JavaScript budget).
const JournalEntryModal = lazy(async () => ({ default: (await import('../components/journal-entry-modal.tsx')).JournalEntryModal }));
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

const dateText = (iso: string) => iso.split('-').reverse().join('/');

/** /accounting/journal-entries: every entry, newest first; manual ones posted and reversed here. */
export function JournalEntriesPage() {
  const session = useSession();
  const canPost = hasPermissions(session.permissions, ['journalEntry.create']);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const entries = useQuery(journalEntriesQuery(page));
  const chart = useQuery(chartQuery);
  const [isAdding, setIsAdding] = useState(false);
  const [reversing, setReversing] = useState<JournalEntryView | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountingKeys.all });

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Journal entries', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Journal entries</Title>
        {canPost && <Button onClick={() => setIsAdding(true)}>New journal entry</Button>}
      </Group>
      <ListResults
        result={entries}
        page={page}
        size={20}
        noun={{ one: 'journal entry', many: 'journal entries' }}
        onPageChange={setPage}
        onSizeChange={() => undefined}
        empty={<Text>No journal entries yet.</Text>}
      >
        {(rows) => (
          <Stack gap="md">
            {rows.map((entry) => (
              <article key={entry.id} id={`entry-${entry.id}`} aria-label={`Journal entry ${entry.reference ?? ''} ${entry.memo}`}>
                <Group justify="space-between" wrap="wrap" mb={4}>
                  <div>
                    <Text fw={600}>
                      {dateText(entry.entryDate)} · {entry.memo}
                    </Text>
                    <Group gap={4}>
                      {entry.reference && (
                        <Text size="sm" c="dimmed">
                          Ref. {entry.reference}
                        </Text>
                      )}
                      <Badge variant="light">{entry.sourceType === 'manual' ? 'Manual' : entry.sourceType}</Badge>
                      {entry.reversesEntryId && (
                        <Anchor href={`#entry-${entry.reversesEntryId}`} size="sm">
                          Reversal of an earlier entry
                        </Anchor>
                      )}
                      {entry.reversedByEntryId && (
                        <Anchor href={`#entry-${entry.reversedByEntryId}`} size="sm">
                          Reversed
                        </Anchor>
                      )}
                    </Group>
                  </div>
                  {canPost && entry.sourceType === 'manual' && !entry.reversesEntryId && !entry.reversedByEntryId && (
                    <Button size="xs" variant="default" onClick={() => setReversing(entry)} aria-label={`Reverse ${entry.memo}`}>
                      Reverse
                    </Button>
                  )}
                </Group>
                <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
                  <Table withTableBorder>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Account</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Debit
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Credit
                        </Table.Th>
                        <Table.Th scope="col">Currency</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {entry.lines.map((line) => (
                        <Table.Tr key={line.id}>
                          <Table.Td>
                            {line.accountNumber} {line.accountName}
                            {line.memo && (
                              <Text size="xs" c="dimmed">
                                {line.memo}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{line.debit === '0.00' ? '' : formatMoney(line.debit)}</Table.Td>
                          <Table.Td ta="right">{line.credit === '0.00' ? '' : formatMoney(line.credit)}</Table.Td>
                          <Table.Td>{line.currencyCode}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group gap="xs" mt={4} wrap="wrap">
                  {entry.attachments.map((attachment) => (
                    <Anchor
                      key={attachment.id}
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() =>
                        void downloadJournalAttachment(entry.id, attachment.id, attachment.fileName).catch((error: unknown) =>
                          toast.error(error instanceof Error ? error.message : 'The file could not be downloaded'),
                        )
                      }
                    >
                      {attachment.fileName}
                    </Anchor>
                  ))}
                  {canPost && (
                    <FileButton
                      accept="application/pdf,image/jpeg,image/png,image/heic"
                      onChange={(file) => {
                        if (!file) return;
                        addJournalAttachment(entry.id, file)
                          .then(() => {
                            toast.success('Attachment added');
                            refresh();
                          })
                          .catch((error: unknown) =>
                            toast.error(error instanceof Error ? error.message : 'The file could not be attached'),
                          );
                      }}
                    >
                      {(props) => (
                        <Button {...props} size="xs" variant="subtle" aria-label={`Attach file to ${entry.memo}`}>
                          Attach file
                        </Button>
                      )}
                    </FileButton>
                  )}
                </Group>
              </article>
            ))}
          </Stack>
        )}
      </ListResults>
      <OnceOpened isOpen={isAdding}>
        <JournalEntryModal opened={isAdding} accounts={chart.data?.accounts ?? []} onClose={() => setIsAdding(false)} onSaved={refresh} />
      </OnceOpened>
      <OnceOpened isOpen={reversing !== null}>
        <ConfirmModal
          opened={reversing !== null}
          onClose={() => setReversing(null)}
          title="Reverse journal entry"
          confirmLabel="Reverse"
          onConfirm={async () => {
            await reverseJournalEntry(reversing!.id);
            refresh();
          }}
        >
          <Text>
            Post a reversing entry for “{reversing?.memo}”, dated today? Each debit becomes a credit and each credit a debit; the original
            stays in the books, linked to its reversal.
          </Text>
        </ConfirmModal>
      </OnceOpened>
    </Stack>
  );
}
