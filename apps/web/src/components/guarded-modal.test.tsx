import { Button, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useReportChanges } from '../lib/forms/modal-changes.ts';
import { renderAt } from '../test/render.tsx';
import { DISCARD_CHANGES_TEXTS } from './discard-changes-modal.tsx';
import { GuardedModal } from './guarded-modal.tsx';

/** A form that tells the modal around it whether it holds typing, as the app's modal forms do. */
function NoteForm({ onSaved }: { onSaved: () => void }) {
  const [note, setNote] = useState('');
  const requestClose = useReportChanges(note !== '');
  return (
    <>
      <TextInput label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <Button variant="default" onClick={requestClose}>
        Cancel
      </Button>
      <Button onClick={onSaved}>Save note</Button>
    </>
  );
}

function NotePage() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>New note</Button>
      <GuardedModal opened={isOpen} onClose={() => setIsOpen(false)} title="New note">
        {isOpen && <NoteForm onSaved={() => setIsOpen(false)} />}
      </GuardedModal>
    </>
  );
}

async function openNote(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getByRole('button', { name: 'New note' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'New note' });
  return { opener, dialog, note: within(dialog).getByRole('textbox', { name: 'Note' }) };
}

const question = () => screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title });
const noteDialogIsGone = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'New note' })).not.toBeInTheDocument());

describe('A modal form never loses typing', () => {
  it('asks on Escape over typing: Keep editing keeps it, Discard closes and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    renderAt(<NotePage />);
    const { opener, note } = await openNote(user);
    await user.type(note, 'Call the registry');

    await user.keyboard('{Escape}');
    await user.click(within(await question()).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Call the registry');

    await user.keyboard('{Escape}');
    await user.click(within(await question()).getByRole('button', { name: DISCARD_CHANGES_TEXTS.discard }));
    await noteDialogIsGone();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('asks before the close button or Cancel throw typing away', async () => {
    const user = userEvent.setup();
    renderAt(<NotePage />);
    const { dialog, note } = await openNote(user);
    await user.type(note, 'Half a thought');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await question()).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await question()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');
  });

  it('closes at once, without a question, when nothing was typed', async () => {
    const user = userEvent.setup();
    renderAt(<NotePage />);
    await openNote(user);
    await user.keyboard('{Escape}');
    await noteDialogIsGone();
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument();
  });

  it('a save closes without asking', async () => {
    const user = userEvent.setup();
    renderAt(<NotePage />);
    const { dialog, note } = await openNote(user);
    await user.type(note, 'Filed');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await noteDialogIsGone();
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument();
  });
});
