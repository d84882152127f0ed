import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NOTE_CLIENT_ID,
  NOTE_ID,
  NOTE_MATTER_ID,
  PROGRESS_NOTE_CALLS,
  progressNoteAnswers,
  progressNoteListItem,
} from '../../../test/msw/progress-note-answers.ts';
import { renderAt } from '../../../test/render.tsx';
import { MatterNotesTab, NO_NOTES_TEXT } from '../components/matter-notes-tab.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-progress-notes.ts';

allowSlowRenders();

const tab = <MatterNotesTab matterId={NOTE_MATTER_ID} clientId={NOTE_CLIENT_ID} isMatterOpen />;
const PATH = `/matter/${NOTE_MATTER_ID}`;

describe('MatterNotesTab', { timeout: 60_000 }, () => {
  it('lists the matter’s notes newest first, each linking to its page, with Add on this matter', async () => {
    const api = stubApi({
      [`GET ${PROGRESS_NOTE_CALLS.list}`]: () =>
        progressNoteAnswers.page([progressNoteListItem({ noteDate: '2024-04-01', title: 'Hearing moved' }), progressNoteListItem()]),
    });
    renderAt(tab, { path: PATH, session: sessionWith() });
    const list = await screen.findByRole('list', { name: 'Progress notes of this matter' });
    const titles = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(titles).toEqual(['Hearing moved', 'Call with the other side']);
    expect(within(list).getByRole('link', { name: 'Call with the other side' })).toHaveAttribute(
      'href',
      `/view/progress-note?id=${NOTE_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Add progress note' })).toHaveAttribute(
      'href',
      `/progress-update/add-progress-update?matterId=${NOTE_MATTER_ID}`,
    );
    const query = api.lastQuery(PROGRESS_NOTE_CALLS.list)!;
    expect(query.get('MatterId')).toBe(NOTE_MATTER_ID);
    expect(query.get('sortColumn')).toBe('noteDate');
    expect(query.get('sortType')).toBe('desc');
  });

  it('says when there are none, and offers no Add without progressNote.create', async () => {
    stubApi({ [`GET ${PROGRESS_NOTE_CALLS.list}`]: () => progressNoteAnswers.page([]) });
    renderAt(tab, { path: PATH, session: sessionWith(['progressNote']) });
    expect(await screen.findByText(NO_NOTES_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add progress note' })).not.toBeInTheDocument();
  });
});
