import { Button, Stack, Title } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

/** A list whose rows are deleted after a question, the list reloading a moment later (as after a refetch). */
function NotesList() {
  const [notes, setNotes] = useState(['Call the registry', 'File the defence']);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={1}>Notes</Title>
      {notes.map((note) => (
        <Button key={note} onClick={() => setDeleting(note)}>{`Delete ${note}`}</Button>
      ))}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete note?"
        confirmLabel="Delete"
        onConfirm={async () => {
          const gone = deleting;
          window.setTimeout(() => setNotes((current) => current.filter((note) => note !== gone)), 50);
        }}
      >
        The note goes to the recycle bin.
      </ConfirmModal>
    </Stack>
  );
}

describe('ConfirmModal', () => {
  it("gives the focus to the list's heading when the confirmed action took away the row that opened it", async () => {
    const user = userEvent.setup();
    renderAt(<NotesList />);
    await user.click(screen.getByRole('button', { name: 'Delete Call the registry' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete note?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Call the registry' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toHaveFocus());
  });

  it('gives the focus back to the button that opened it when that button stays (Cancel)', async () => {
    const user = userEvent.setup();
    renderAt(<NotesList />);
    const opener = screen.getByRole('button', { name: 'Delete File the defence' });
    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete note?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
