import { Paper, Progress, Stack, Text } from '@mantine/core';
import type { DataExport } from '@matterhorn/shared';

/** The running export's bar, its percentage in figures and what it is doing ("Documents: 120 of 480"). */
export function ExportProgress({ dataExport }: { dataExport: DataExport }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="export-progress-title" maw={820}>
      <Stack gap="xs">
        <Text fw={600} id="export-progress-title">
          Your export is being made: {dataExport.progress}%
        </Text>
        <Progress.Root size="lg">
          <Progress.Section
            value={dataExport.progress}
            aria-label="Export progress"
            aria-describedby="export-progress-step"
            data-testid="export-progress"
          />
        </Progress.Root>
        <Text size="sm" id="export-progress-step" style={{ overflowWrap: 'anywhere' }}>
          {dataExport.step}
        </Text>
        <Text size="sm" c="dimmed">
          You can leave this page: we email you when it is ready.
        </Text>
      </Stack>
    </Paper>
  );
}
