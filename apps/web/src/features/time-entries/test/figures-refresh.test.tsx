import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TimeEntryPopupHost } from '../components/time-entry-popup-host.tsx';
import { fillLinks, openPopup, sessionFor, stubPopupApi } from './popup-test-support.tsx';

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
});

let fetches = 0;
/** A page that sums recorded work, as the dashboard's week and cards do: its figures live under FIGURES_KEY. */
function FiguresProbe() {
  const figures = useQuery({ queryKey: [...FIGURES_KEY, 'probe'], queryFn: async () => ++fetches });
  return <p>Figures read {figures.data ?? 0} times</p>;
}

describe('figures after a save', { timeout: 120_000 }, () => {
  it('a dashboard left open reads its figures again once a time entry is saved (the week no longer goes stale)', async () => {
    fetches = 0;
    stubPopupApi();
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/dashboard',
          element: (
            <>
              <TimeEntryPopupHost />
              <FiguresProbe />
            </>
          ),
        },
      ],
      { path: '/dashboard', session: sessionFor() },
    );
    expect(await screen.findByText('Figures read 1 times')).toBeInTheDocument();
    openPopup();
    const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
    await fillLinks(user);
    await user.type(within(popup).getByRole('textbox', { name: 'Duration' }), '1.5');
    await user.type(within(popup).getByRole('textbox', { name: 'Description' }), 'Call with client');
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Figures read 2 times')).toBeInTheDocument();
  });
});
