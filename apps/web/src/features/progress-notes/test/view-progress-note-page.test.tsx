import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  NOTE_ID,
  NOTE_MATTER_ID,
  PROGRESS_NOTE_CALLS,
  progressNote,
  progressNoteAnswers,
} from '../../../test/msw/progress-note-answers.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { ViewProgressNotePage } from '../pages/view-progress-note-page.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-progress-notes.ts';

allowSlowRenders();

const VIEW = `/view/progress-note?id=${NOTE_ID}`;
const routes = [
  { path: '/view/progress-note', element: <ViewProgressNotePage /> },
  { path: '/progress-update', element: <LocationProbe /> },
];
const ATTACHMENT_ID = 'efefefef-efef-4fef-8fef-efefefefefef';
const attachment = {
  id: ATTACHMENT_ID,
  fileName: 'letter.pdf',
  contentType: 'application/pdf',
  sizeBytes: 2048,
  uploadedAt: '2024-03-05T10:00:00Z',
  uploadedByUserName: 'Grace Hopper',
};

describe('ViewProgressNotePage', { timeout: 60_000 }, () => {
  it('shows the note’s details and renders its sanitised HTML as markup', async () => {
    stubApi({ [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: () => progressNoteAnswers.note(progressNote({ isSharedWithClient: true })) });
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByRole('heading', { name: 'Call with the other side', level: 1 })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Note details' });
    expect(within(details).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'MAT-00002 · Share purchase agreement' })).toHaveAttribute(
      'href',
      `/matter/${NOTE_MATTER_ID}`,
    );
    expect(within(details).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(details).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(details).getByText('Shared with client')).toBeInTheDocument();
    const body = screen.getByTestId('progress-note-body');
    expect(within(body).getByText('price').tagName).toBe('STRONG');
  });

  it('never runs a script that reaches the page in a body', async () => {
    const ran: string[] = [];
    (window as unknown as { noteScriptRan: (from: string) => void }).noteScriptRan = (from) => ran.push(from);
    stubApi({
      [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: () =>
        progressNoteAnswers.note(
          progressNote({
            bodyHtml: '<p>Safe</p><script>window.noteScriptRan("script")</script><img src="x" onerror="window.noteScriptRan(\'img\')">',
          }),
        ),
    });
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByText('Safe')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).not.toContain('script');
  });

  it('lists attachments; with edit permission removes one after asking and adds another', async () => {
    let attachments = [attachment];
    const api = stubApi({
      [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: () => progressNoteAnswers.note(progressNote({ attachments })),
      [`DELETE ${PROGRESS_NOTE_CALLS.attachment(NOTE_ID, ATTACHMENT_ID)}`]: () => {
        attachments = [];
        return { ...progressNoteAnswers.note(progressNote({ attachments })), message: 'Attachment removed' };
      },
      [`POST ${PROGRESS_NOTE_CALLS.attachments(NOTE_ID)}`]: () => {
        attachments = [{ ...attachment, id: 'f0f0f0f0-f0f0-4f0f-8f0f-f0f0f0f0f0f0', fileName: 'order.pdf' }];
        return progressNoteAnswers.note(progressNote({ attachments }));
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByRole('button', { name: 'Download letter.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove letter.pdf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No attachment.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', PROGRESS_NOTE_CALLS.attachment(NOTE_ID, ATTACHMENT_ID))).toHaveLength(1);

    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF'], 'order.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('button', { name: 'Download order.pdf' })).toBeInTheDocument();
  });

  it('offers no Edit, Delete or attachment changes without the permissions', async () => {
    stubApi({ [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: () => progressNoteAnswers.note(progressNote({ attachments: [attachment] })) });
    renderRoutes(routes, { path: VIEW, session: sessionWith(['progressNote']) });
    expect(await screen.findByRole('button', { name: 'Download letter.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove letter.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add attachment')).not.toBeInTheDocument();
  });

  it('edits and deletes with the permissions; deleting returns to the list', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/progress-update/edit-progress-note/${NOTE_ID}`);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Progress Note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/progress-update?activeTab=progress-notes'));
    expect(api.callsTo('DELETE', PROGRESS_NOTE_CALLS.remove(NOTE_ID))).toHaveLength(1);
  });

  it('says clearly when the note does not exist', async () => {
    stubApi({ [`GET ${PROGRESS_NOTE_CALLS.get(NOTE_ID)}`]: { status: 404, message: 'Not found' } });
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByRole('heading', { name: 'Progress note not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to progress notes' })).toBeInTheDocument();
  });
});
