import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { SIGNATURE_REQUEST_LIMITS } from '@matterhorn/shared';
import { IconTrash } from '@tabler/icons-react';
import type { SignerCandidate } from '../api/signer-candidates-api.ts';
import { SIGNER_COLOURS, type SignerRow } from '../utils/signer-rows.ts';

export type SignersFieldsetProps = {
  rows: SignerRow[];
  candidates: SignerCandidate[];
  /** Given the change to make to the latest rows (two quick edits in a row never undo each other). */
  onChange: (change: (rows: SignerRow[]) => SignerRow[]) => void;
  onAdd: () => void;
};

/** The signers, in signing order: each picked from the client's contacts and the firm's members, or typed in (any name and email). */
export function SignersFieldset({ rows, candidates, onChange, onAdd }: SignersFieldsetProps) {
  const groups = [...new Set(candidates.map((candidate) => candidate.group))].map((group) => ({
    group,
    items: candidates
      .filter((candidate) => candidate.group === group)
      .map((candidate) => ({ value: candidate.value, label: `${candidate.name} (${candidate.email})` })),
  }));
  const update = (index: number, change: Partial<SignerRow>) =>
    onChange((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const pick = (index: number, value: string | null) => {
    const candidate = candidates.find((option) => option.value === value);
    if (!candidate) return;
    update(index, {
      name: candidate.name,
      email: candidate.email,
      kind: candidate.kind,
      clientContactId: candidate.clientContactId,
      userId: candidate.userId,
      leadId: null,
    });
  };
  // A name or email typed by hand is someone the request knows only by them.
  const typed = (index: number, change: Partial<SignerRow>) =>
    update(index, { ...change, kind: 'other', clientContactId: null, userId: null, leadId: null });

  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Signers
      </Text>
      {rows.map((row, index) => (
        <Paper
          key={row.key}
          withBorder
          p="sm"
          radius="md"
          role="group"
          aria-label={`Signer ${index + 1}`}
          style={{ borderLeft: `4px solid ${SIGNER_COLOURS[index % SIGNER_COLOURS.length]}` }}
        >
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end" wrap="nowrap">
              <Select
                label={`Signer ${index + 1}`}
                placeholder="Pick a client contact or a firm member"
                data={groups}
                value={null}
                onChange={(value) => pick(index, value)}
                searchable
                clearable={false}
                style={{ flex: 1 }}
                nothingFoundMessage="Nobody found: type a name and email below"
              />
              {rows.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove signer ${index + 1}`}
                  onClick={() => onChange((current) => current.filter((_, at) => at !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
            <Group grow gap="sm" wrap="wrap">
              <TextInput
                label="Name"
                required
                value={row.name}
                maxLength={120}
                onChange={(event) => typed(index, { name: event.currentTarget.value })}
                miw={180}
              />
              <TextInput
                label="Email"
                type="email"
                required
                value={row.email}
                onChange={(event) => typed(index, { email: event.currentTarget.value })}
                miw={200}
              />
            </Group>
          </Stack>
        </Paper>
      ))}
      {rows.length < SIGNATURE_REQUEST_LIMITS.maxSigners && (
        <Button variant="default" size="xs" onClick={onAdd} w="fit-content">
          Add signer
        </Button>
      )}
    </Stack>
  );
}
