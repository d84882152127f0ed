import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render.tsx';
import { FieldLayer, FIELD_DRAG_TYPE, type SignerMark } from '../components/field-layer.tsx';
import { FieldPalette } from '../components/field-palette.tsx';
import { boxCentredOn, keepOnPage, type FieldKind, type PlacedField } from '../utils/field-geometry.ts';

const SIGNERS: SignerMark[] = [{ key: 'ada', name: 'Ada Obi', colour: '#1c7ed6' }];

/** The palette and one page's layer, sharing the fields as the editor does; the fields are printed for the test to read. */
function Harness({ initial = [] }: { initial?: PlacedField[] }) {
  const [fields, setFields] = useState<PlacedField[]>(initial);
  const add = (kind: FieldKind, pageNumber: number, box: ReturnType<typeof boxCentredOn>) =>
    setFields((current) => [...current, { ...box, key: `f${current.length + 1}`, kind, signerKey: 'ada', pageNumber }]);
  return (
    <TestProviders>
      <FieldPalette
        signers={SIGNERS}
        signerKey="ada"
        onSignerChange={() => {}}
        pageCount={1}
        pageNumber={1}
        onPageChange={() => {}}
        onAdd={(kind) => add(kind, 1, boxCentredOn(kind, 0.5, 0.5))}
      />
      <div data-testid="page" style={{ position: 'relative', width: 600, height: 800 }}>
        <FieldLayer
          pageNumber={1}
          fields={fields}
          signers={SIGNERS}
          onAdd={add}
          onChange={(changed) => setFields((current) => current.map((field) => (field.key === changed.key ? changed : field)))}
          onRemove={(removed) => setFields((current) => current.filter((field) => field.key !== removed.key))}
        />
      </div>
      <output data-testid="fields">{JSON.stringify(fields.map(({ kind, x, y, width, height }) => ({ kind, x, y, width, height })))}</output>
    </TestProviders>
  );
}

const placed = () =>
  JSON.parse(screen.getByTestId('fields').textContent ?? '[]') as Omit<PlacedField, 'key' | 'signerKey' | 'pageNumber'>[];

describe('placing fields by keyboard', () => {
  it('adds a field from the palette, moves it with the arrows, resizes it with Shift and removes it with Delete', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Signature' }));
    const field = screen.getByRole('button', { name: 'Signature · Ada Obi' });
    expect(field).toHaveAccessibleDescription(/Arrow keys move the field/);
    const start = placed()[0]!;
    expect(start).toMatchObject({ kind: 'signature', x: 0.35, y: 0.47, width: 0.3, height: 0.06 });

    field.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(placed()[0]).toMatchObject({ x: 0.37, y: 0.48, width: 0.3, height: 0.06 });
    await user.keyboard('{Shift>}{ArrowRight}{ArrowDown}{ArrowDown}{/Shift}');
    expect(placed()[0]).toMatchObject({ x: 0.37, y: 0.48, width: 0.31, height: 0.08 });
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(placed()[0]).toMatchObject({ width: 0.3 });

    await user.keyboard('{Delete}');
    expect(placed()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Signature · Ada Obi' })).not.toBeInTheDocument();
  });

  it('keeps a field whole inside its page however far it is pushed', async () => {
    const user = userEvent.setup();
    render(
      <Harness initial={[{ key: 'f1', kind: 'initials', signerKey: 'ada', pageNumber: 1, x: 0.88, y: 0.02, width: 0.1, height: 0.05 }]} />,
    );
    screen.getByRole('button', { name: 'Initials · Ada Obi' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(placed()[0]).toMatchObject({ x: 0.9, y: 0, width: 0.1, height: 0.05 });
    await user.keyboard('{Shift>}{ArrowRight}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}');
    // Grown as far as the page allows (it cannot), then shrunk to the smallest readable width.
    expect(placed()[0]).toMatchObject({ x: 0.9, width: 0.04 });
    expect(keepOnPage({ x: -1, y: 2, width: 3, height: 0.001 })).toEqual({ x: 0, y: 0.98, width: 1, height: 0.02 });
  });

  it('drops a field dragged from the palette where it is let go, in fractions of the page', () => {
    render(<Harness />);
    const layer = screen.getByTestId('page').firstElementChild as HTMLElement;
    layer.getBoundingClientRect = () => ({
      left: 100,
      top: 50,
      width: 600,
      height: 800,
      right: 700,
      bottom: 850,
      x: 100,
      y: 50,
      toJSON: () => ({}),
    });
    const data = new Map<string, string>([[FIELD_DRAG_TYPE, 'date']]);
    const dataTransfer = { types: [...data.keys()], getData: (type: string) => data.get(type) ?? '', dropEffect: 'none' };
    fireEvent.dragOver(layer, { dataTransfer });
    // jsdom has no DragEvent: the drop's pointer position is set on a plain event.
    const drop = createEvent.drop(layer, { dataTransfer });
    Object.defineProperties(drop, { clientX: { value: 400 }, clientY: { value: 250 } });
    fireEvent(layer, drop);
    // Centred on (0.5, 0.25): a date field is 0.18 by 0.035.
    expect(placed()).toEqual([{ kind: 'date', x: 0.41, y: 0.2325, width: 0.18, height: 0.035 }]);
  });
});
