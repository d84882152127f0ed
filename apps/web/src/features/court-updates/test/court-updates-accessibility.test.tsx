import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { AddCourtUpdatePanel } from '../components/add-court-update-panel.tsx';
import { CourtUpdatesListView } from '../components/court-updates-list-view.tsx';
import { MatterCourtUpdatesTab } from '../components/matter-court-updates-tab.tsx';
import { ViewCourtUpdatePage } from '../pages/view-court-update-page.tsx';
import { allowSlowRenders, CLIENT_ID, COURT_UPDATE_ID, MATTER_ID, sessionWith, stubApi } from './stub-court-updates.ts';

allowSlowRenders();

/**
 * axe-core over the rendered page, as the Playwright journeys run it on real pages (e2e/tests/support.ts):
 * no serious or critical issue. jsdom draws nothing, so colour contrast is left to those journeys.
 */
async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('Court updates accessibility', { timeout: 60_000 }, () => {
  it('the list is axe-clean', async () => {
    stubApi();
    renderRoutes([{ path: '/progress-update', element: <CourtUpdatesListView /> }], {
      path: '/progress-update?activeTab=court-update',
      session: sessionWith(),
    });
    await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    expect(await seriousIssues()).toEqual([]);
  });

  it('the form and its Add court modal are axe-clean', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/add', element: <AddCourtUpdatePanel /> }], { path: '/add', session: sessionWith() });
    await screen.findByRole('form', { name: 'New court update' });
    expect(await seriousIssues()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add court' }));
    await screen.findByRole('dialog', { name: 'Add court' });
    expect(await seriousIssues()).toEqual([]);
  });

  it('the view page and the matter tab are axe-clean', async () => {
    stubApi();
    const { unmount } = renderRoutes([{ path: '/view/court-update', element: <ViewCourtUpdatePage /> }], {
      path: `/view/court-update?id=${COURT_UPDATE_ID}`,
      session: sessionWith(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Court update' });
    expect(await seriousIssues()).toEqual([]);
    unmount();
    renderRoutes([{ path: '/matter/:id', element: <MatterCourtUpdatesTab matterId={MATTER_ID} clientId={CLIENT_ID} isMatterOpen /> }], {
      path: `/matter/${MATTER_ID}`,
      session: sessionWith(),
    });
    await screen.findByRole('list', { name: 'Court history' });
    expect(await seriousIssues()).toEqual([]);
  });
});
