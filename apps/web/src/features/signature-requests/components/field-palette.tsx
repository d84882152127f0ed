import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { DragEvent } from 'react';
import { FIELD_KIND_LABELS, type FieldKind } from '../utils/field-geometry.ts';
import { FIELD_DRAG_TYPE, type SignerMark } from './field-layer.tsx';
import { FIELD_KEYS_HINT, FIELD_KEYS_HINT_ID } from './placed-field-box.tsx';

const KINDS: FieldKind[] = ['signature', 'initials', 'date', 'name'];

export type FieldPaletteProps = {
  signers: SignerMark[];
  signerKey: string;
  onSignerChange: (key: string) => void;
  pageCount: number;
  pageNumber: number;
  onPageChange: (pageNumber: number) => void;
  /** A field added from the keyboard (or a click): in the middle of the chosen page. */
  onAdd: (kind: FieldKind) => void;
};

/**
 * The fields a sender places, for the chosen signer: drag one onto a page, or press it to put it in
 * the middle of the chosen page and move it from there with the keyboard.
 */
export function FieldPalette({ signers, signerKey, onSignerChange, pageCount, pageNumber, onPageChange, onAdd }: FieldPaletteProps) {
  const startDrag = (kind: FieldKind) => (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(FIELD_DRAG_TYPE, kind);
    event.dataTransfer.effectAllowed = 'copy';
  };
  const colour = signers.find((signer) => signer.key === signerKey)?.colour;
  return (
    <Stack gap="xs" component="section" aria-labelledby="field-palette-title">
      <Text component="h3" id="field-palette-title" fw={600} size="sm" m={0}>
        Add fields
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="For signer"
          data={signers.map((signer) => ({ value: signer.key, label: signer.name }))}
          value={signerKey}
          onChange={(value) => value && onSignerChange(value)}
          allowDeselect={false}
          w={200}
        />
        <Select
          label="On page"
          data={Array.from({ length: pageCount }, (_, index) => String(index + 1))}
          value={String(pageNumber)}
          onChange={(value) => value && onPageChange(Number(value))}
          allowDeselect={false}
          w={100}
        />
      </Group>
      <Group gap="xs" wrap="wrap" data-field-palette>
        {KINDS.map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant="light"
            draggable
            onDragStart={startDrag(kind)}
            onClick={() => onAdd(kind)}
            style={colour ? { borderLeft: `4px solid ${colour}` } : undefined}
          >
            {FIELD_KIND_LABELS[kind]}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed" id={FIELD_KEYS_HINT_ID}>
        Drag a field onto a page, or press it to add it to the chosen page. {FIELD_KEYS_HINT}
      </Text>
    </Stack>
  );
}
