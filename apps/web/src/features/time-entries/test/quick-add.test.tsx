import { notifications } from '@mantine/notifications';
import { noDurationMessage, type QuickLineCandidate, type QuickLineMatch } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { QuickAddLine } from '../components/quick-add-line.tsx';
import { TimeEntryPopupHost } from '../components/time-entry-popup-host.tsx';
import { ACTIVITY_ID, CLIENT_ID, choose, MATTERS, sessionFor, stubPopupApi, type Handlers } from './popup-test-support.tsx';
import { allowSlowRenders } from './stub-time-entries.ts';

allowSlowRenders();

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
});

const MATCH = 'GET /admin/time-entry/match-quick-line';
const candidate = (matter: (typeof MATTERS)[keyof typeof MATTERS], score = 1): QuickLineCandidate => ({
  id: matter.id,
  matterNumber: matter.matterNumber,
  matterName: matter.matterName,
  clientId: CLIENT_ID,
  clientName: 'Ada Lovelace',
  score,
});
const answer = (match: Partial<QuickLineMatch>): QuickLineMatch => ({
  candidates: [],
  isClearWinner: false,
  matchedBy: null,
  matterNumber: null,
  matterWords: '',
  narrative: '',
  ...match,
});

function renderQuickAdd(handlers: Handlers, unit: 'hours' | 'minutes' = 'hours') {
  const api = stubPopupApi(handlers);
  const shell = (
    <>
      <TimeEntryPopupHost />
      <Outlet />
    </>
  );
  renderRoutes([{ element: shell, children: [{ path: '/time-entries', element: <QuickAddLine /> }] }], {
    path: '/time-entries',
    session: sessionFor(undefined, { bareNumberUnit: unit }),
  });
  return api;
}

const line = () => screen.getByRole('textbox', { name: 'Quick add' });
const matterSelect = () => screen.getByRole('combobox', { name: /^Matter/ });

describe('Quick add', { timeout: 120_000 }, () => {
  it('reads the line, proposes the clear winner, and Add opens the popup filled in, whose Save records it', async () => {
    const api = renderQuickAdd({
      [MATCH]: {
        data: answer({
          candidates: [candidate(MATTERS.hourly)],
          isClearWinner: true,
          matchedBy: 'name',
          matterWords: 'Babbage',
          narrative: 'drafted the will',
        }),
      },
    });
    const user = userEvent.setup();
    await user.type(line(), '1h20m Babbage drafted the will{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('Duration: 1 h 20 min = 1.3333 h');
    expect(api.lastQuery('/admin/time-entry/match-quick-line')?.get('Text')).toBe('Babbage drafted the will');
    expect(matterSelect()).toHaveTextContent('MAT-00001 — Estate of Babbage · Ada Lovelace');
    expect(screen.getByText('Proposed for "Babbage": check it')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Narrative' })).toHaveValue('drafted the will');
    expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
    expect(timeEntryPopup.getSnapshot().request).toEqual({
      clientId: CLIENT_ID,
      matterId: MATTERS.hourly.id,
      duration: '1.3333',
      description: 'drafted the will',
    });
    expect(line()).toHaveValue('');
    await choose(user, 'Activity Type', 'Drafting (A103)');
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/time-entry')[0]!.body).toMatchObject({
      clientId: CLIENT_ID,
      matterId: MATTERS.hourly.id,
      activityId: ACTIVITY_ID,
      duration: '1.3333',
      description: 'drafted the will',
    });
  });

  it('says two matters match equally and opens nothing until one is chosen, by keyboard', async () => {
    const api = renderQuickAdd({
      [MATCH]: {
        data: answer({
          candidates: [candidate(MATTERS.hourly), candidate(MATTERS.flat, 0.98)],
          matchedBy: 'name',
          matterWords: 'Estate',
          narrative: 'call',
        }),
      },
    });
    const user = userEvent.setup();
    await user.type(line(), '1.5 Estate call{Enter}');
    expect(await screen.findByText('Two matters match equally: choose one')).toBeInTheDocument();
    expect(matterSelect()).toHaveTextContent('Choose the matter');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose the matter this time is for')).toBeInTheDocument();
    expect(timeEntryPopup.getSnapshot().isOpen).toBe(false);

    matterSelect().focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('option', { name: /MAT-00003 — Lease review/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(matterSelect()).toHaveTextContent('MAT-00003 — Lease review'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(timeEntryPopup.getSnapshot()).toMatchObject({
      isOpen: true,
      request: { matterId: MATTERS.flat.id, duration: '1.5', description: 'call' },
    });
    expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(0);
  });

  it('says no matter matches, and finds one through the select’s search', async () => {
    const api = renderQuickAdd(
      {
        [MATCH]: (call) =>
          new URLSearchParams(call.search).get('Text') === 'Lease'
            ? { data: answer({ candidates: [candidate(MATTERS.flat)], isClearWinner: true, matchedBy: 'name', matterWords: 'Lease' }) }
            : { data: answer({ narrative: 'Xyzzy drafted' }) },
      },
      'minutes',
    );
    const user = userEvent.setup();
    await user.type(line(), '90 Xyzzy drafted{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Duration: 1 h 30 min = 1.5 h');
    expect(screen.getByText('No matter matches "Xyzzy drafted": choose one')).toBeInTheDocument();

    await user.click(matterSelect());
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Lease');
    await user.click(await screen.findByRole('option', { name: /MAT-00003 — Lease review/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(timeEntryPopup.getSnapshot().request).toMatchObject({
      matterId: MATTERS.flat.id,
      duration: '1.5000',
      description: 'Xyzzy drafted',
    });
    expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(0);
  });

  it('names what it cannot read as a duration, and asks the server nothing', async () => {
    const api = renderQuickAdd({});
    const user = userEvent.setup();
    await user.type(line(), 'Babbage drafted{Enter}');
    expect(await screen.findByText(noDurationMessage('Babbage'))).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/time-entry/match-quick-line')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});
