import type { DragEvent } from 'react';
import { boxCentredOn, type FieldKind, type PlacedField } from '../utils/field-geometry.ts';
import { PlacedFieldBox } from './placed-field-box.tsx';

/** The data a palette item carries while it is dragged onto a page. */
export const FIELD_DRAG_TYPE = 'application/x-matterhorn-signature-field';

export type SignerMark = { key: string; name: string; colour: string };

export type FieldLayerProps = {
  pageNumber: number;
  fields: PlacedField[];
  signers: SignerMark[];
  /** A palette item dropped on this page, at the point (fractions of the page) it was let go. */
  onAdd: (kind: FieldKind, pageNumber: number, box: ReturnType<typeof boxCentredOn>) => void;
  onChange: (field: PlacedField) => void;
  onRemove: (field: PlacedField) => void;
};

const isFieldKind = (value: string): value is FieldKind => ['signature', 'initials', 'date', 'name'].includes(value);

/** Over one page: the fields placed on it, and a drop target for new ones from the palette. */
export function FieldLayer({ pageNumber, fields, signers, onAdd, onChange, onRemove }: FieldLayerProps) {
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData(FIELD_DRAG_TYPE);
    if (!isFieldKind(kind)) return;
    event.preventDefault();
    const page = event.currentTarget.getBoundingClientRect();
    onAdd(kind, pageNumber, boxCentredOn(kind, (event.clientX - page.left) / page.width, (event.clientY - page.top) / page.height));
  };
  return (
    <div data-field-layer onDragOver={onDragOver} onDrop={onDrop} style={{ position: 'absolute', inset: 0 }}>
      {fields
        .filter((field) => field.pageNumber === pageNumber)
        .map((field) => {
          const signer = signers.find((candidate) => candidate.key === field.signerKey);
          return (
            <PlacedFieldBox
              key={field.key}
              field={field}
              signerName={signer?.name ?? 'Signer'}
              colour={signer?.colour ?? '#228be6'}
              onChange={onChange}
              onRemove={onRemove}
            />
          );
        })}
    </div>
  );
}
