import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { EditCourtUpdatePage } from '../pages/edit-court-update-page.tsx';
import { ViewCourtUpdatePage } from '../pages/view-court-update-page.tsx';
import {
  allowSlowRenders,
  COURT_UPDATE_API,
  COURT_UPDATE_ID,
  courtUpdate,
  courtUpdateAnswers,
  MATTER_ID,
  sessionWith,
  stubApi,
  USER_A,
} from './stub-court-updates.ts';

allowSlowRenders();

const VIEW = `/view/court-update?id=${COURT_UPDATE_ID}`;
const EDIT = `/progress-update/edit-court-update/${COURT_UPDATE_ID}`;
const routes = [
  { path: '/view/court-update', element: <ViewCourtUpdatePage /> },
  { path: '/progress-update/edit-court-update/:id', element: <EditCourtUpdatePage /> },
  { path: '/progress-update', element: <LocationProbe /> },
];

describe('View court update', { timeout: 60_000 }, () => {
  it('lays out the hearing for a lawyer, the next adjourned date first with a link to the calendar', async () => {
    stubApi();
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Court update' })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Next adjourned date' });
    expect(within(next).getByTestId('next-adjourned-date')).toHaveTextContent('10/04/2024 at 09:30');
    expect(within(next).getByText('Continuation of trial')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Open the court calendar' })).toHaveAttribute('href', '/calendar');
    const details = screen.getByRole('region', { name: 'Hearing details' });
    // The court's address comes from the firm's courts.
    expect(await within(details).findByText(/1 Court Road, Ikoyi/)).toBeInTheDocument();
    expect(within(details).getByText(/Lagos Judicial Division/)).toBeInTheDocument();
    expect(within(details).getByText('FHC/L/CS/123/2024')).toBeInTheDocument();
    expect(within(details).getByText('Hon. Justice A. Bello')).toBeInTheDocument();
    expect(within(details).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(details).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(details).getByText('Not shared')).toBeInTheDocument();
    expect(within(details).getByText('Grace Hopper on 05/03/2024')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'MAT-00001 — Lease dispute' })).toHaveAttribute(
      'href',
      `/matter/${MATTER_ID}?activeTab=court-updates`,
    );
    expect(screen.getByRole('region', { name: 'What happened' })).toHaveTextContent('Cross-examination was deferred.');
    expect(screen.getByRole('region', { name: 'Next steps' })).toHaveTextContent('Prepare the cross-examination bundle.');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', EDIT);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers no Edit or Delete without their permissions, and says when there is no next date', async () => {
    stubApi({
      [`GET ${COURT_UPDATE_API.get(COURT_UPDATE_ID)}`]: () =>
        courtUpdateAnswers.one(
          courtUpdate({ nextAdjournedDate: null, nextAdjournedTime: null, nextAdjournedPurpose: null, isSharedWithClient: true }),
        ),
    });
    renderRoutes(routes, { path: VIEW, session: sessionWith(['courtUpdate']) });
    expect(await screen.findByText('No next date was set at this hearing.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the court calendar' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Shared with client').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says clearly when the court update does not exist', async () => {
    stubApi({ [`GET ${COURT_UPDATE_API.get(COURT_UPDATE_ID)}`]: { status: 404, message: 'Court update not found' } });
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    expect(await screen.findByRole('heading', { name: 'Court update not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to court updates' })).toHaveAttribute('href', '/progress-update?activeTab=court-update');
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: VIEW, session: sessionWith() });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Court Update?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/progress-update?activeTab=court-update'));
    expect(api.callsTo('DELETE', COURT_UPDATE_API.delete(COURT_UPDATE_ID))).toHaveLength(1);
  });
});

describe('Edit court update', { timeout: 60_000 }, () => {
  it('fills the form from the update, saves with PUT and shows the view', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: EDIT, session: sessionWith() });
    await screen.findByRole('form', { name: 'Edit court update' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Lease dispute'));
    expect(screen.getByRole('combobox', { name: 'Court' })).toHaveTextContent('Federal High Court, Lagos Judicial Division');
    expect(screen.getByRole('textbox', { name: /Suit number/ })).toHaveValue('FHC/L/CS/123/2024');
    expect(screen.getByRole('combobox', { name: /Hearing date/ })).toHaveValue('05/03/2024');
    expect(screen.getByRole('combobox', { name: 'Next adjourned date' })).toHaveValue('10/04/2024');
    expect(screen.getByRole('textbox', { name: 'Next adjourned time' })).toHaveValue('09:30');
    const judge = screen.getByRole('textbox', { name: 'Judge' });
    await user.clear(judge);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', COURT_UPDATE_API.update(COURT_UPDATE_ID))).toHaveLength(1));
    expect(api.callsTo('PUT', COURT_UPDATE_API.update(COURT_UPDATE_ID))[0]!.body).toMatchObject({
      judge: null,
      appearanceUserIds: [USER_A],
      hearingDate: '2024-03-05',
      nextAdjournedTime: '09:30',
    });
    expect(await screen.findByText('Court update saved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Court update' })).toBeInTheDocument();
  });
});
