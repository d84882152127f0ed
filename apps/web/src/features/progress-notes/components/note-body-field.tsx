import { Input, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { NoteBody } from '../../../components/note-body.tsx';

// The editor (tiptap and ProseMirror, ~120 KB compressed) would double a form page's JavaScript:
// it loads when someone points at, clicks or tabs into the note, not with the page.
const loadEditor = () => import('./note-body-editor.tsx');
const NoteBodyEditor = lazy(async () => ({ default: (await loadEditor()).NoteBodyEditor }));

export const NOTE_PLACEHOLDER = 'Write the note…';

export type NoteBodyFieldProps = {
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  withAsterisk?: boolean;
};

/** The labelled note field: a plain box that becomes the rich text editor on first use. */
export function NoteBodyField({ label, initialHtml, onChange, onBlur, error, withAsterisk = false }: NoteBodyFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [isOpen, setIsOpen] = useState(false);
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(withAsterisk ? { 'aria-required': 'true' } : {}),
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };

  const closed = (
    <Paper
      withBorder
      p="sm"
      mih={240}
      {...attributes}
      tabIndex={0}
      style={{ cursor: 'text', borderColor: error ? 'var(--mantine-color-error)' : undefined }}
      onPointerEnter={() => void loadEditor()}
      onPointerDown={() => setIsOpen(true)}
      onFocus={() => setIsOpen(true)}
      data-testid="note-body-closed"
    >
      {initialHtml ? (
        <NoteBody html={initialHtml} />
      ) : (
        <Text c="dimmed" size="sm">
          {NOTE_PLACEHOLDER}
        </Text>
      )}
    </Paper>
  );

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      withAsterisk={withAsterisk}
      error={error}
      labelProps={{ id: labelId }}
      errorProps={{ id: errorId }}
    >
      <div style={{ marginTop: 4 }}>
        {isOpen ? (
          <Suspense fallback={closed}>
            <NoteBodyEditor
              initialHtml={initialHtml}
              onChange={onChange}
              onBlur={onBlur}
              attributes={attributes}
              toolbarLabel={`${label} formatting`}
              isInvalid={Boolean(error)}
            />
          </Suspense>
        ) : (
          closed
        )}
      </div>
    </Input.Wrapper>
  );
}
