import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { FIELD_KIND_LABELS, fieldKeyAction, moveBy, resizeBy, type PlacedField } from '../utils/field-geometry.ts';

export const FIELD_KEYS_HINT_ID = 'signature-field-keys-hint';
export const FIELD_KEYS_HINT = 'Arrow keys move the field, Shift with arrow keys resizes it, Delete removes it.';

type Drag = { mode: 'move' | 'resize'; startX: number; startY: number; start: PlacedField; page: DOMRect };

export type PlacedFieldBoxProps = {
  field: PlacedField;
  signerName: string;
  colour: string;
  onChange: (field: PlacedField) => void;
  onRemove: (field: PlacedField) => void;
};

/**
 * A place to sign on the page, for the sender to move and resize: by dragging it (or its corner),
 * or, once focused, with the arrow keys (Shift resizes) and Delete. A button, so it is in the tab
 * order and a screen reader says what it is and whose.
 */
export function PlacedFieldBox({ field, signerName, colour, onChange, onRemove }: PlacedFieldBoxProps) {
  const drag = useRef<Drag | null>(null);
  const label = `${FIELD_KIND_LABELS[field.kind]} · ${signerName}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const action = fieldKeyAction(event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'remove') onRemove(field);
    else onChange(action.kind === 'move' ? moveBy(field, action.dx, action.dy) : resizeBy(field, action.dx, action.dy));
  };

  const startDrag = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    const page = event.currentTarget.closest('[data-field-layer]')?.getBoundingClientRect();
    if (!page || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, startX: event.clientX, startY: event.clientY, start: field, page };
  };
  const followDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) / current.page.width;
    const dy = (event.clientY - current.startY) / current.page.height;
    onChange(current.mode === 'move' ? moveBy(current.start, dx, dy) : resizeBy(current.start, dx, dy));
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <button
      type="button"
      data-field-key={field.key}
      aria-describedby={FIELD_KEYS_HINT_ID}
      onKeyDown={onKeyDown}
      onPointerDown={startDrag('move')}
      onPointerMove={followDrag}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      style={{
        position: 'absolute',
        left: `${field.x * 100}%`,
        top: `${field.y * 100}%`,
        width: `${field.width * 100}%`,
        height: `${field.height * 100}%`,
        border: `2px solid ${colour}`,
        background: `color-mix(in srgb, ${colour} 18%, white)`,
        color: '#1a1b1e',
        fontSize: 11,
        lineHeight: 1.1,
        padding: '0 4px',
        overflow: 'hidden',
        textAlign: 'left',
        cursor: 'move',
        touchAction: 'none',
        borderRadius: 3,
      }}
    >
      {label}
      <span
        aria-hidden
        onPointerDown={startDrag('resize')}
        onPointerMove={followDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 12, height: 12, background: colour, cursor: 'nwse-resize' }}
      />
    </button>
  );
}
