import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { countOf, type BulkImport } from '@matterhorn/shared';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { findingReason, OUTCOME_LABELS } from '../utils/import-display.ts';
import { CountList } from './count-list.tsx';

export const NOTHING_WRITTEN_TEXT = 'Nothing has been written yet.';
export const NO_FINDINGS_TEXT = 'Every row can be imported as it is.';
/** The API keeps the first 500 rows to review. */
const FINDINGS_KEPT = 500;

export type DryRunReportProps = {
  bulkImport: BulkImport;
  onChangeMapping: () => void;
  /** Starts the run; a refusal throws its message. */
  onRun: () => Promise<void>;
  onStartOver: () => void;
};

/** Step 3: what the run would do, row by row, with nothing written; the run is started from here. */
export function DryRunReport({ bulkImport, onChangeMapping, onRun, onStartOver }: DryRunReportProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const report = bulkImport.dryRun ?? { valid: 0, duplicates: 0, invalid: 0, findings: [] };

  const run = async () => {
    setFailure(null);
    setIsStarting(true);
    try {
      await onRun();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The import could not be started');
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Stack gap="md">
      <Text fw={600}>{NOTHING_WRITTEN_TEXT}</Text>
      <CountList
        label="Dry run counts"
        counts={[
          { count: report.valid, text: 'will be created', color: 'green.9' },
          { count: report.duplicates, text: report.duplicates === 1 ? 'duplicate skipped' : 'duplicates skipped' },
          { count: report.invalid, text: 'invalid', color: report.invalid > 0 ? 'red.9' : undefined },
        ]}
      />
      <Stack gap="xs" component="section" aria-labelledby="import-findings-title">
        <Title order={3} size="h4" id="import-findings-title">
          Rows to review
        </Title>
        {report.findings.length === 0 ? (
          <Text>{NO_FINDINGS_TEXT}</Text>
        ) : (
          <>
            {report.findings.length >= FINDINGS_KEPT && (
              <Text size="sm">The first {FINDINGS_KEPT} rows to review are listed; the error CSV after the run has them all.</Text>
            )}
            <Table.ScrollContainer minWidth={300} maw={820}>
              <Table striped aria-labelledby="import-findings-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Row</Table.Th>
                    <Table.Th scope="col">Outcome</Table.Th>
                    <Table.Th scope="col">Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.findings.map((finding) => (
                    <Table.Tr key={finding.row}>
                      <Table.Td>{finding.row}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{OUTCOME_LABELS[finding.outcome]}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{findingReason(finding)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
      {report.valid === 0 && <Text>No row can be imported: change the mapping, or fix the file and upload it again.</Text>}
      {failure && (
        <Alert color="red" role="alert" title="The import was not started" maw={820}>
          {failure}
        </Alert>
      )}
      <Group>
        <SubmitButton type="button" onClick={() => void run()} isSubmitting={isStarting} disabled={report.valid === 0}>
          {`Import ${countOf(report.valid, 'record')}`}
        </SubmitButton>
        <Button variant="default" onClick={onChangeMapping} disabled={isStarting}>
          Change mapping
        </Button>
        <Button variant="subtle" onClick={onStartOver} disabled={isStarting}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}
