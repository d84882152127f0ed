import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { isoToDisplayDate, leadFilePath, pathOf, type Lead, type LeadFile } from '@matterhorn/shared';
import { downloadFile } from '../../../lib/download-csv.ts';
import { toast } from '../../../lib/toasts.ts';

const SCAN_TEXT = { scanning: 'being scanned for viruses', quarantined: 'refused by the virus scanner' } as const;

function FileLine({ leadId, file }: { leadId: string; file: LeadFile }) {
  if (file.scanStatus !== 'available')
    return (
      <Text size="sm">
        {file.fileName} ({SCAN_TEXT[file.scanStatus]})
      </Text>
    );
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      style={{ alignSelf: 'flex-start' }}
      onClick={() =>
        void downloadFile(pathOf(leadFilePath, { id: leadId, fileId: file.id }), file.fileName).catch((error: unknown) =>
          toast.error(error instanceof Error ? error.message : String(error)),
        )
      }
    >
      Download {file.fileName}
    </Button>
  );
}

/** What the visitor answered on the intake form, field by field as the form was then, with their files. */
export function LeadAnswersCard({ lead }: { lead: Lead }) {
  const { submission } = lead;
  if (!submission) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lead-answers">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lead-answers">
          Form answers
        </Title>
        <Text size="sm" c="dimmed">
          {submission.formName} · sent {isoToDisplayDate(submission.submittedAt.slice(0, 10))}
        </Text>
        <Stack component="dl" gap="xs" m={0}>
          {submission.answers.map((answer) => (
            <div key={answer.fieldKey}>
              <Text component="dt" size="sm" fw={600}>
                {answer.label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {answer.type === 'file' ? (
                  <Stack gap={2} component="span">
                    {answer.fileIds.length === 0 && '—'}
                    {lead.files
                      .filter((file) => answer.fileIds.includes(file.id))
                      .map((file) => (
                        <FileLine key={file.id} leadId={lead.id} file={file} />
                      ))}
                  </Stack>
                ) : answer.type === 'date' && answer.value ? (
                  isoToDisplayDate(answer.value)
                ) : (
                  (answer.value ?? '—')
                )}
              </Text>
            </div>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
