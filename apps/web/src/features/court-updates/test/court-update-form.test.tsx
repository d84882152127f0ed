import { COURT_UPDATE_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { AddCourtUpdatePanel } from '../components/add-court-update-panel.tsx';
import {
  allowSlowRenders,
  CLIENT_ID,
  court,
  COURT_ID,
  COURT_UPDATE_API,
  COURT_UPDATE_ID,
  courtUpdate,
  courtUpdateAnswers,
  MATTER_ID,
  sessionWith,
  stubApi,
  USER_A,
  USER_B,
} from './stub-court-updates.ts';

allowSlowRenders();

const ADD = '/progress-update/add-progress-update';
type User = ReturnType<typeof userEvent.setup>;

function renderAdd(matterId?: string) {
  const user = userEvent.setup();
  const routes = [
    { path: ADD, element: <AddCourtUpdatePanel matterId={matterId} /> },
    { path: '/view/court-update', element: <LocationProbe /> },
  ];
  renderRoutes(routes, { path: `${ADD}?iscourtupdate=true`, session: sessionWith() });
  return user;
}

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Clicks into a field and pastes: typing key by key is slow on a loaded machine. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const dateField = (name: string) => screen.getByRole('combobox', { name });
const save = () => screen.getByRole('button', { name: 'Save court update' });

describe('Add court update', { timeout: 60_000 }, () => {
  it('says which required fields are missing and sends nothing', async () => {
    const api = stubApi();
    const user = renderAdd();
    await screen.findByRole('form', { name: 'New court update' });
    await user.click(save());
    expect(await screen.findByText(COURT_UPDATE_MESSAGES.matterRequired)).toBeInTheDocument();
    expect(screen.getByText(COURT_UPDATE_MESSAGES.courtRequired)).toBeInTheDocument();
    expect(screen.getByText('Suit number is required')).toBeInTheDocument();
    expect(screen.getByText(COURT_UPDATE_MESSAGES.hearingDateRequired)).toBeInTheDocument();
    expect(screen.getByText('What happened is required')).toBeInTheDocument();
    expect(api.callsTo('POST', COURT_UPDATE_API.create)).toHaveLength(0);
  });

  it('shows the contract’s cross-field messages for the next adjourned date, its time and purpose', async () => {
    stubApi();
    const user = renderAdd();
    await screen.findByRole('form', { name: 'New court update' });
    // The hours' colon goes in by itself: typing 0930 reads 09:30.
    await user.type(textbox('Next adjourned time'), '0930');
    expect(textbox('Next adjourned time')).toHaveValue('09:30');
    await user.type(textbox('Purpose'), 'Ruling');
    await user.click(save());
    expect(await screen.findByText(COURT_UPDATE_MESSAGES.nextTimeWithoutDate)).toBeInTheDocument();
    expect(screen.getByText(COURT_UPDATE_MESSAGES.nextPurposeWithoutDate)).toBeInTheDocument();

    await user.type(dateField('Hearing date'), '10/04/2024');
    await user.type(dateField('Next adjourned date'), '01/04/2024');
    await user.tab();
    expect(await screen.findByText(COURT_UPDATE_MESSAGES.nextDateBeforeHearing)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(COURT_UPDATE_MESSAGES.nextTimeWithoutDate)).not.toBeInTheDocument());
  });

  it('adds a court in an accessible modal: focus moves in and back, and the new court is chosen', async () => {
    const added = court({
      id: 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1',
      name: 'High Court of Lagos State',
      division: 'Ikeja',
      address: null,
    });
    let courts = [court()];
    const api = stubApi({
      [`GET ${COURT_UPDATE_API.courts}`]: () => courtUpdateAnswers.courts(courts),
      [`POST ${COURT_UPDATE_API.courts}`]: () => {
        courts = [...courts, added];
        return { ...courtUpdateAnswers.court(added), status: 201 };
      },
    });
    const user = renderAdd();
    await screen.findByRole('form', { name: 'New court update' });
    const opener = screen.getByRole('button', { name: 'Add court' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add court' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Court name/ })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Add court' }));
    expect(await within(dialog).findByText('Court name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Court name/ }), 'High Court of Lagos State');
    await user.type(within(dialog).getByRole('textbox', { name: 'Division' }), 'Ikeja');
    await user.click(within(dialog).getByRole('button', { name: 'Add court' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add court' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', COURT_UPDATE_API.courts)[0]!.body).toEqual({
      name: 'High Court of Lagos State',
      division: 'Ikeja',
      address: null,
    });
    expect(screen.getByRole('combobox', { name: 'Court' })).toHaveTextContent('High Court of Lagos State, Ikeja');
    await waitFor(() => expect(opener).toHaveFocus());
    // The court update itself was not saved by the modal's submit.
    expect(api.callsTo('POST', COURT_UPDATE_API.create)).toHaveLength(0);
  });

  it('creates once, with an Idempotency-Key, however often Save is pressed, then shows the update', async () => {
    const api = stubApi();
    const user = renderAdd();
    await screen.findByRole('form', { name: 'New court update' });
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00001 — Lease dispute');
    await choose(user, 'Court', 'Federal High Court, Lagos Judicial Division');
    await fill(user, textbox('Suit number'), 'FHC/L/CS/123/2024');
    await fill(user, textbox('Judge'), 'Hon. Justice A. Bello');
    await fill(user, dateField('Hearing date'), '05/03/2024');
    await user.click(screen.getByRole('combobox', { name: 'Appearance' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.click(screen.getByRole('option', { name: 'Alan Turing' }));
    // A fee earner who has left the firm is not offered for a new appearance.
    expect(screen.queryByRole('option', { name: 'Left Firm' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await fill(user, textbox('What happened'), 'Trial opened.');
    await fill(user, dateField('Next adjourned date'), '10/04/2024');
    await fill(user, textbox('Next adjourned time'), '09:30');
    await fill(user, textbox('Purpose'), 'Continuation of trial');
    await fill(user, textbox('Next steps'), 'Prepare the bundle');
    await user.click(screen.getByRole('switch', { name: /Share with client/ }));

    await user.dblClick(save());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/view/court-update?id=${COURT_UPDATE_ID}`));
    const posts = api.callsTo('POST', COURT_UPDATE_API.create);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toEqual({
      // Seconds from the form's opening to Save: the author's suggested time.
      writingSeconds: expect.any(Number),
      clientId: CLIENT_ID,
      matterId: MATTER_ID,
      courtId: COURT_ID,
      suitNumber: 'FHC/L/CS/123/2024',
      judge: 'Hon. Justice A. Bello',
      hearingDate: '2024-03-05',
      appearanceUserIds: [USER_A, USER_B],
      outcome: 'Trial opened.',
      nextAdjournedDate: '2024-04-10',
      nextAdjournedTime: '09:30',
      nextAdjournedPurpose: 'Continuation of trial',
      nextSteps: 'Prepare the bundle',
      isSharedWithClient: true,
    });
    expect(await screen.findByText('Court update saved')).toBeInTheDocument();
  });

  it('opened on a matter, shows that matter and its client filled in', async () => {
    stubApi({ [`GET ${COURT_UPDATE_API.get(COURT_UPDATE_ID)}`]: () => courtUpdateAnswers.one(courtUpdate()) });
    renderAdd(MATTER_ID);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Lease dispute'));
  });
});
