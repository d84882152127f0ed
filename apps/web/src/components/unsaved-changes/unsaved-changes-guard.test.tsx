import { Button, Stack, TextInput, Title } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { DISCARD_CHANGES_TEXTS } from '../discard-changes-modal.tsx';
import { LEAVE_PAGE_TEXT } from './unsaved-changes-prompt.tsx';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard.tsx';
// Loaded here, the question's module is ready when a test's first change asks for it.
import './unsaved-changes-prompt.tsx';

/** A page form as the app's are: the guard while it holds typing, the save's navigation run through it. */
function EditNotePage() {
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const unsaved = useUnsavedChangesGuard(note !== '');
  return (
    <Stack>
      <Title order={1}>Edit note</Title>
      <Link to="/notes">Back to notes</Link>
      <TextInput label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <Button onClick={() => void unsaved.whileSaving(async () => void navigate('/notes'))}>Save note</Button>
      {unsaved.prompt}
    </Stack>
  );
}

const routes = [
  { path: '/notes/edit', element: <EditNotePage /> },
  { path: '/notes', element: <h1>Notes</h1> },
];

function renderPage() {
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, { path: '/notes/edit' });
  return { user, router };
}

/** What the browser asks before the tab closes or reloads: true when the page asked it to warn. */
function browserWouldWarn(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('A page form with unsaved changes', () => {
  it('asks before a link leaves it; Keep editing stays with the typing, Discard goes', async () => {
    const { user, router } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Adjourned to May');

    await user.click(screen.getByRole('link', { name: 'Back to notes' }));
    const ask = await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title });
    expect(ask).toHaveTextContent(LEAVE_PAGE_TEXT);
    await user.click(within(ask).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/notes/edit');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Adjourned to May');

    await user.click(screen.getByRole('link', { name: 'Back to notes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
  });

  it('makes the browser warn before the tab closes, only while something is unsaved', async () => {
    const { user } = renderPage();
    expect(browserWouldWarn()).toBe(false);
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.type(note, 'x');
    await waitFor(() => expect(browserWouldWarn()).toBe(true));
    await user.clear(note);
    await waitFor(() => expect(browserWouldWarn()).toBe(false));
  });

  it('leaves without asking when nothing was typed', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Back to notes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("does not ask about the save's own navigation", async () => {
    const { user, router } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Settled');
    await waitFor(() => expect(browserWouldWarn()).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browserWouldWarn()).toBe(false);
  });
});
