/**
 * Where a place to sign sits on a page: every number is a fraction of the page's width or height
 * (0 at the top left), so a field placed on a phone lands in the same spot on the printed page.
 */
export type FieldKind = 'signature' | 'initials' | 'date' | 'name';

export type FieldBox = { x: number; y: number; width: number; height: number };

export type PlacedField = FieldBox & {
  /** The sender's own key for a field not sent yet. */
  key: string;
  kind: FieldKind;
  /** Which signer fills it: their key in the list of signers. */
  signerKey: string;
  /** 1-based, as pages are counted on screen. */
  pageNumber: number;
};

export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  signature: 'Signature',
  initials: 'Initials',
  date: 'Date signed',
  name: 'Full name',
};

/** A new field's size on an A4 or Letter page: a signature is wide, initials small. */
export const DEFAULT_FIELD_SIZES: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.06 },
  initials: { width: 0.1, height: 0.05 },
  date: { width: 0.18, height: 0.035 },
  name: { width: 0.28, height: 0.035 },
};

/** A field smaller than this cannot be read once stamped. */
export const MIN_FIELD_SIZE = { width: 0.04, height: 0.02 };

/** One arrow key press: a hundredth of the page. */
export const KEYBOARD_STEP = 0.01;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Four decimals: a tenth of a millimetre on A4, and no float noise in what is sent. */
const tidy = (value: number) => Math.round(value * 10_000) / 10_000;

/** Keeps a box whole inside its page. */
export function keepOnPage(box: FieldBox): FieldBox {
  const width = tidy(clamp(box.width, MIN_FIELD_SIZE.width, 1));
  const height = tidy(clamp(box.height, MIN_FIELD_SIZE.height, 1));
  return { x: tidy(clamp(box.x, 0, 1 - width)), y: tidy(clamp(box.y, 0, 1 - height)), width, height };
}

export function moveBy<T extends FieldBox>(field: T, dx: number, dy: number): T {
  return { ...field, ...keepOnPage({ ...field, x: field.x + dx, y: field.y + dy }) };
}

/** Grows or shrinks from the top left corner, which stays where it is while the page has room. */
export function resizeBy<T extends FieldBox>(field: T, dw: number, dh: number): T {
  const width = clamp(field.width + dw, MIN_FIELD_SIZE.width, 1 - field.x);
  const height = clamp(field.height + dh, MIN_FIELD_SIZE.height, 1 - field.y);
  return { ...field, ...keepOnPage({ ...field, width, height }) };
}

/** A new field of a kind centred on a point of the page (where it was dropped, or the page's middle). */
export function boxCentredOn(kind: FieldKind, centreX: number, centreY: number): FieldBox {
  const { width, height } = DEFAULT_FIELD_SIZES[kind];
  return keepOnPage({ x: centreX - width / 2, y: centreY - height / 2, width, height });
}

/** What a key press does to a focused field; null when the key is not one of the field's. */
export function fieldKeyAction(
  key: string,
  isShift: boolean,
): { kind: 'move' | 'resize'; dx: number; dy: number } | { kind: 'remove' } | null {
  if (key === 'Delete' || key === 'Backspace') return { kind: 'remove' };
  const steps: Record<string, [number, number]> = {
    ArrowLeft: [-KEYBOARD_STEP, 0],
    ArrowRight: [KEYBOARD_STEP, 0],
    ArrowUp: [0, -KEYBOARD_STEP],
    ArrowDown: [0, KEYBOARD_STEP],
  };
  const step = steps[key];
  if (!step) return null;
  return { kind: isShift ? 'resize' : 'move', dx: step[0], dy: step[1] };
}
