import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermissions, type DocumentTemplate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { folderQuery } from '../api/folders.ts';
import { templatesQuery } from '../api/search.ts';
import { GenerateTemplateModal } from '../components/generate-template-modal.tsx';
import { displayDate } from '../utils/document-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** /documents/templates: the firm's Word templates, their merge fields, and Generate for a matter. */
export function TemplatesPage() {
  const session = useSession();
  const templates = useQuery(templatesQuery);
  const topLevel = useQuery(folderQuery({ page: 1, size: 1 }));
  const templatesFolder = topLevel.data?.subfolders.find((folder) => folder.kind === 'templates');
  const [generating, setGenerating] = useState<DocumentTemplate | null>(null);
  const canGenerate = hasPermissions(session.permissions, ['document.create']);

  return (
    <Stack gap="md">
      <PageTitle parts={['Templates', 'Documents']} />
      <Title order={1} size="h2">
        Templates
      </Title>
      <Text size="sm">
        A template is a Word (.docx) document in the Templates folder, with merge fields such as {'{client.name}'} or {'{matter.number}'}.{' '}
        {templatesFolder && (
          <Anchor component={Link} to={`/documents/folder/${templatesFolder.id}`}>
            Upload templates into the Templates folder
          </Anchor>
        )}
      </Text>
      {templates.isPending ? (
        <LoadingSpinner />
      ) : (
        <Table.ScrollContainer minWidth={(templates.data ?? []).length === 0 ? 0 : 640}>
          <Table striped aria-label="Templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Version</Table.Th>
                <Table.Th scope="col">Fields</Table.Th>
                <Table.Th scope="col">Updated</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(templates.data ?? []).length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      No templates yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {(templates.data ?? []).map((template) => (
                <Table.Tr key={template.documentId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/documents/document/${template.documentId}`}>
                      {template.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>v{template.versionNumber}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {template.fields.map((field) => (
                        <Badge key={field} variant="light" size="sm" tt="none">
                          {field}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{displayDate(template.updatedAt)}</Table.Td>
                  <Table.Td>
                    {canGenerate && (
                      <Button size="compact-sm" onClick={() => setGenerating(template)} aria-label={`Generate from ${template.name}`}>
                        Generate
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <GenerateTemplateModal template={generating} onClose={() => setGenerating(null)} />
    </Stack>
  );
}
