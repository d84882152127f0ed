import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { DocumentTemplate, TemplateDryRun } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { ClientSelect } from '../../../components/client-select.tsx';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { documentKeys } from '../api/document-keys.ts';
import { dryRunTemplate, generateFromTemplate } from '../api/search.ts';

export type GenerateTemplateModalProps = { template: DocumentTemplate | null; onClose: () => void };

/** Choose the matter, see every field's value (missing ones to fill in), then generate into the matter's folder. */
export function GenerateTemplateModal({ template, onClose }: GenerateTemplateModalProps) {
  return (
    <AppModal opened={template !== null} onClose={onClose} title={template ? `Generate from ${template.name}` : 'Generate'} size="lg">
      {template && <GenerateForm template={template} onClose={onClose} />}
    </AppModal>
  );
}

function GenerateForm({ template, onClose }: { template: DocumentTemplate; onClose: () => void }) {
  const queryClient = useQueryClient();
  const clients = useQuery(associatedClientsQuery);
  const [clientId, setClientId] = useState('');
  const [matterId, setMatterId] = useState('');
  const matters = useQuery(clientMattersQuery(clientId));
  const [dryRun, setDryRun] = useState<TemplateDryRun | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [fileName, setFileName] = useState('');
  const [isWorking, setIsWorking] = useState(false);
  const [generated, setGenerated] = useState<{ id: string | null } | null>(null);

  const input = () => ({ templateDocumentId: template.documentId, matterId, values, fileName: fileName.trim() || undefined });
  const work = async (action: () => Promise<void>) => {
    setIsWorking(true);
    try {
      await action();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setIsWorking(false);
    }
  };
  const check = () => work(async () => setDryRun(await dryRunTemplate(input())));
  const generate = () =>
    work(async () => {
      setGenerated({ id: await generateFromTemplate(input()) });
      await queryClient.invalidateQueries({ queryKey: documentKeys.all() });
    });

  if (generated) {
    return (
      <Stack gap="sm">
        <Alert color="green" title="Document generated">
          It is saved in the matter’s folder.
        </Alert>
        <Group justify="flex-end">
          {generated.id && (
            <Anchor component={Link} to={`/documents/document/${generated.id}`} onClick={onClose}>
              Open the new document
            </Anchor>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const missing = new Set(dryRun?.missingFields ?? []);
  const unfilled = [...missing].filter((name) => !(values[name] ?? '').trim());
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <ClientSelect
          label="Client"
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={clientId}
          onChange={(next) => {
            setClientId(next);
            setMatterId('');
            setDryRun(null);
          }}
        />
        <SearchableSelect
          label="Matter"
          entity="matter"
          placeholder={clientId ? 'Select matter' : 'Choose a client first'}
          disabled={!clientId}
          options={(matters.data ?? []).map((matter) => ({
            value: matter.id,
            label: matterOptionLabel(matter),
          }))}
          value={matterId}
          onChange={(next) => {
            setMatterId(next);
            setDryRun(null);
          }}
        />
      </Group>
      <TextInput
        label="File name (optional)"
        description="The template's name when left empty"
        value={fileName}
        onChange={(event) => setFileName(event.currentTarget.value)}
        maxLength={200}
      />
      {dryRun && (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Merge fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dryRun.fields.map((field) => (
                <Table.Tr
                  key={field.name}
                  bg={missing.has(field.name) ? 'var(--mantine-color-yellow-light)' : undefined}
                  data-missing={missing.has(field.name) || undefined}
                >
                  <Table.Td ff="monospace">{`{${field.name}}`}</Table.Td>
                  <Table.Td>
                    {missing.has(field.name) ? (
                      <TextInput
                        label={`Value for ${field.name}`}
                        description="Missing: fill it in"
                        size="xs"
                        value={values[field.name] ?? ''}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setValues((current) => ({ ...current, [field.name]: value }));
                        }}
                      />
                    ) : (
                      <Text size="sm">{field.value}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dryRun && unfilled.length > 0 && (
        <Text size="sm" c="orange" role="status">
          {unfilled.length === 1 ? '1 field is missing' : `${unfilled.length} fields are missing`}: they stay empty unless filled in.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={isWorking}>
          Cancel
        </Button>
        <Button variant="light" onClick={() => void check()} disabled={!matterId || isWorking}>
          Check fields
        </Button>
        <SubmitButton type="button" isSubmitting={isWorking} disabled={!matterId || !dryRun} onClick={() => void generate()}>
          Generate
        </SubmitButton>
      </Group>
    </Stack>
  );
}
