import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { BULK_IMPORT_FIELDS, BULK_IMPORT_KIND_LABELS, type BulkImportKind } from '@matterhorn/shared';
import { IconDownload } from '@tabler/icons-react';
import { importTemplateCsv, importTemplateFileName } from '../utils/import-template.ts';

export const DOWNLOAD_TEMPLATE_TEXT = 'Download a CSV template';
export const COLUMNS_NOTE_TEXT = 'The file’s first row names them, in any order: the next step matches each to its field.';

/** The kind's template, built here: there is nothing to fetch. */
function downloadTemplate(kind: BulkImportKind) {
  const url = URL.createObjectURL(new Blob([importTemplateCsv(kind)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = importTemplateFileName(kind);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The columns a file of the kind has (required ones marked, with their hints), and its header row as a CSV to fill in. */
export function ImportColumns({ kind }: { kind: BulkImportKind }) {
  const titleId = `import-columns-${kind}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        Columns for {BULK_IMPORT_KIND_LABELS[kind].toLowerCase()}
      </Title>
      <Text size="sm">{COLUMNS_NOTE_TEXT}</Text>
      <Table.ScrollContainer minWidth={300}>
        <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Column</Table.Th>
              <Table.Th scope="col">Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BULK_IMPORT_FIELDS[kind].map((field) => (
              <Table.Tr key={field.name}>
                <Table.Th scope="row" fw={500} w="40%">
                  {field.label}
                  {field.required && (
                    <>
                      {' '}
                      <Text span size="xs" c="red.8" style={{ whiteSpace: 'nowrap' }}>
                        required
                      </Text>
                    </>
                  )}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{field.hint}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <div>
        <Button variant="light" size="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => downloadTemplate(kind)}>
          {DOWNLOAD_TEMPLATE_TEXT}
        </Button>
      </div>
    </Stack>
  );
}
