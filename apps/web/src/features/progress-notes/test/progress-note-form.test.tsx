import { todayIso } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_CLIENT_ID,
  NOTE_ID,
  NOTE_MATTER_ID,
  PROGRESS_NOTE_CALLS,
  progressNote,
  progressNoteAnswers,
} from '../../../test/msw/progress-note-answers.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { AddProgressNotePanel } from '../components/add-progress-note-panel.tsx';
import { EditProgressNotePage } from '../pages/edit-progress-note-page.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-progress-notes.ts';

allowSlowRenders();

// ProseMirror measures the page (elementFromPoint, a range's rectangles), which jsdom lacks: nothing there.
beforeAll(() => {
  document.elementFromPoint ??= () => null;
  const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const ADD = '/progress-update/add-progress-update';
const routes = [
  { path: ADD, element: <AddProgressNotePanel /> },
  { path: '/add-on-matter', element: <AddProgressNotePanel matterId={NOTE_MATTER_ID} /> },
  { path: '/progress-update/edit-progress-note/:id', element: <EditProgressNotePage /> },
  { path: '/view/progress-note', element: <LocationProbe /> },
];

type User = ReturnType<typeof userEvent.setup>;
const editorBox = () => screen.getByRole('textbox', { name: 'Note' });

/** The note is a plain box until used: a click loads the editor, which then takes the typing. */
async function openEditor(user: User) {
  await user.click(editorBox());
  await screen.findByRole('button', { name: 'Bold' });
  await user.click(editorBox());
}

async function typeNote(user: User, text: string) {
  await openEditor(user);
  await user.keyboard(text);
}

describe('Progress note form', { timeout: 60_000 }, () => {
  it('marks required fields and shows their errors after a touch or a submit, sending nothing', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: ADD, session: sessionWith() });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).labels?.[0]).toHaveTextContent(/^Title\s*\*$/);
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    await user.click(title);
    await user.tab();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.queryByText('Matter is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save progress note' }));
    expect(await screen.findByText('Matter is required')).toBeInTheDocument();
    expect(screen.getByText('Note is required')).toBeInTheDocument();
    expect(editorBox()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', PROGRESS_NOTE_CALLS.create)).toHaveLength(0);
  });

  it('opens on the given matter with today’s date, sends the note’s HTML once with an idempotency key, uploads the attachments, then shows the note', async () => {
    const api = stubApi({
      [`POST ${PROGRESS_NOTE_CALLS.attachments(NOTE_ID)}`]: () => progressNoteAnswers.note(progressNote()),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/add-on-matter', session: sessionWith() });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00002 — Share purchase agreement'));
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace');
    const [year, month, day] = todayIso().split('-');
    expect(screen.getByLabelText(/^Date/)).toHaveValue(`${day}/${month}/${year}`);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Call with the other side');
    await typeNote(user, 'They accept');
    await user.click(screen.getByRole('switch', { name: /^Share with client/ }));
    const file = new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(screen.getByText('letter.pdf')).toBeInTheDocument();

    const save = screen.getByRole('button', { name: 'Save progress note' });
    await user.dblClick(save);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/view/progress-note?id=${NOTE_ID}`));

    const creates = api.callsTo('POST', PROGRESS_NOTE_CALLS.create);
    expect(creates).toHaveLength(1);
    expect(creates[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(creates[0]?.body).toEqual({
      // Seconds from the form's opening to Save: the author's suggested time.
      writingSeconds: expect.any(Number),
      clientId: NOTE_CLIENT_ID,
      matterId: NOTE_MATTER_ID,
      noteDate: todayIso(),
      title: 'Call with the other side',
      body: '<p>They accept</p>',
      isSharedWithClient: true,
    });
    const uploads = api.callsTo('POST', PROGRESS_NOTE_CALLS.attachments(NOTE_ID));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    // jsdom's File reaches the fetch polyfill without its name; the field is what the API reads.
    expect(uploads[0]?.body).toMatch(/name="file"; filename=/);
    expect(await screen.findByText('Progress note added')).toBeInTheDocument();
  });

  it('formats with the labelled toolbar: bold text goes as <strong>', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/add-on-matter', session: sessionWith() });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('Share purchase agreement'));
    await openEditor(user);
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Bullet list',
      'Ordered list',
      'Blockquote',
      'Link',
      'Remove link',
      'Undo',
      'Redo',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('Urgent');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Bold one');
    await user.click(screen.getByRole('button', { name: 'Save progress note' }));
    await waitFor(() => expect(api.callsTo('POST', PROGRESS_NOTE_CALLS.create)).toHaveLength(1));
    expect((api.callsTo('POST', PROGRESS_NOTE_CALLS.create)[0]?.body as { body: string }).body).toBe('<p><strong>Urgent</strong></p>');
  });

  it('edits a saved note: prefilled with its HTML, saved with update-progress-note, then shows it', async () => {
    const saved = progressNote({ bodyHtml: '<p>Old <em>text</em></p>', isSharedWithClient: true });
    const api = stubApi({
      [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: () => progressNoteAnswers.note(saved),
      [`PUT ${PROGRESS_NOTE_CALLS.update(NOTE_ID)}`]: () => ({ ...progressNoteAnswers.note(saved), message: 'Progress note updated' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/progress-update/edit-progress-note/${NOTE_ID}`, session: sessionWith() });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Call with the other side');
    expect(editorBox().innerHTML).toContain('<em>text</em>');
    expect(screen.getByRole('switch', { name: /^Share with client/ })).toBeChecked();
    await user.clear(title);
    await user.type(title, 'Call, revised');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/view/progress-note?id=${NOTE_ID}`));
    expect(api.callsTo('PUT', PROGRESS_NOTE_CALLS.update(NOTE_ID))[0]?.body).toEqual({
      // Seconds from the form's opening to Save: the author's suggested time.
      writingSeconds: expect.any(Number),
      clientId: NOTE_CLIENT_ID,
      matterId: NOTE_MATTER_ID,
      noteDate: '2024-03-05',
      title: 'Call, revised',
      body: '<p>Old <em>text</em></p>',
      isSharedWithClient: true,
    });
  });

  it('goes back on Cancel', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: ADD, history: ['/matter/somewhere'], session: sessionWith() });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/matter/somewhere'));
  });

  it('goes to the list on Cancel when opened directly', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: ADD, session: sessionWith() });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/progress-update?activeTab=progress-notes'));
  });

  it('says so when the note to edit does not exist', async () => {
    stubApi({ [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: { status: 404, message: 'Not found' } });
    renderRoutes(routes, { path: `/progress-update/edit-progress-note/${NOTE_ID}`, session: sessionWith() });
    expect(await screen.findByRole('heading', { name: 'Progress note not found' })).toBeInTheDocument();
  });
});
