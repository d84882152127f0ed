import { type PrivacyNoticeSettings } from '@matterhorn/shared';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { DataProtectionPage } from '../pages/data-protection-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const BASE = '/admin/data-protection/privacy-notice';
const CLIENT_ID = '99999999-9999-4999-8999-999999999999';

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const version = (number: number, body: string) => ({
  id: `0000000${number}-0000-4000-8000-000000000000`,
  version: number,
  body,
  publishedAt: '2026-11-20T09:00:00.000Z',
  publishedBy: 'Ada Okafor',
  consentCount: 3 - number,
});

describe('Settings › Data protection › Privacy notice', { timeout: 60_000 }, () => {
  it('names the officer, publishes a new version from the current words, and shows a client’s consents', async () => {
    let settings: PrivacyNoticeSettings = { officer: null, versions: [version(1, 'We hold your name.')] };
    const api = stubApi({
      [`GET ${BASE}`]: () => ({ data: settings }),
      [`PUT ${BASE}/officer`]: ({ body }) => {
        settings = { ...settings, officer: { ...(body as { name: string; email: string }), phone: null } };
        return { message: 'Data-protection officer saved', data: settings };
      },
      [`POST ${BASE}/versions`]: ({ body }) => {
        settings = { ...settings, versions: [version(2, (body as { body: string }).body), ...settings.versions] };
        return { message: 'Privacy notice published', data: settings };
      },
      'GET /admin/data-protection/find-subjects': {
        data: [{ subjectType: 'client', subjectId: CLIENT_ID, name: 'Kemi Adebayo', detail: 'kemi@client.example', editPath: null }],
      },
      [`GET ${BASE}/consents`]: {
        data: [
          {
            portalAccountId: 'a1',
            email: 'kemi@client.example',
            name: null,
            status: 'active',
            consents: [{ version: 1, consentedAt: '2026-11-21T10:00:00.000Z' }],
          },
        ],
      },
    });
    renderRoutes([{ path: '/settings/data-protection', element: <DataProtectionPage /> }], {
      path: '/settings/data-protection?activeTab=privacy-notice',
      session: fakeSession({ permissions: ['administrator'] }),
    });
    const user = userEvent.setup();
    const notice = await screen.findByRole('textbox', { name: /Notice/ });
    expect(notice).toHaveValue('We hold your name.');
    expect(screen.getByText('Version 1 (current)')).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Amaka Obi');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'dpo@firm.example');
    await user.click(screen.getByRole('button', { name: 'Save officer' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `${BASE}/officer`)[0]?.body).toEqual({ name: 'Amaka Obi', email: 'dpo@firm.example', phone: null }),
    );

    await user.type(notice, ' And your phone number.');
    await user.click(screen.getByRole('button', { name: 'Publish as a new version' }));
    expect(await screen.findByText('Version 2 (current)')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/versions`)[0]?.body).toEqual({ body: 'We hold your name. And your phone number.' });

    await user.type(screen.getByRole('textbox', { name: /^Client/ }), 'Kemi');
    await user.click(await screen.findByRole('button', { name: 'Show Kemi Adebayo' }));
    expect(await screen.findByText('Version 1 on 21/11/2026')).toBeInTheDocument();
    expect(api.lastQuery(`${BASE}/consents`)?.get('ClientId')).toBe(CLIENT_ID);
    expect(await seriousIssues()).toEqual([]);
  });
});
