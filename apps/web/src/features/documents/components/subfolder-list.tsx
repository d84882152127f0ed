import { Badge, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import type { DocumentFolder } from '@matterhorn/shared';
import { ItemActionsMenu, type ItemAction } from './item-actions-menu.tsx';

export type SubfolderListProps = {
  subfolders: DocumentFolder[];
  onOpen: (folder: DocumentFolder) => void;
  actionsFor: (folder: DocumentFolder) => ItemAction[];
};

const KIND_LABELS: Partial<Record<DocumentFolder['kind'], string>> = {
  templates: 'Templates',
  client: 'Client',
  matter: 'Matter',
  'from-client': 'From client',
};

/** A folder's subfolders (they come whole: a folder holds few), each opened by its name. */
export function SubfolderList({ subfolders, onOpen, actionsFor }: SubfolderListProps) {
  if (subfolders.length === 0) return null;
  return (
    <Paper withBorder radius="md" component="section" aria-label="Folders">
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {subfolders.map((folder) => (
          <Group key={folder.id} component="li" wrap="nowrap" gap="xs" pr="xs" data-testid="subfolder">
            <NavLink
              component="button"
              type="button"
              onClick={() => onOpen(folder)}
              label={folder.name}
              aria-label={`Open folder ${folder.name}`}
              leftSection={<IconFolder size={18} aria-hidden />}
              style={{ flex: 1 }}
            />
            {KIND_LABELS[folder.kind] && (
              <Text size="xs" c="dimmed">
                {KIND_LABELS[folder.kind]}
              </Text>
            )}
            {folder.isSharedWithClient && (
              <Badge color="teal" variant="light">
                Shared
              </Badge>
            )}
            <ItemActionsMenu name={folder.name} actions={actionsFor(folder)} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
