import { PRIVACY_NOTICE_MESSAGES, type PortalPrivacyNotice } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt, renderRoutes } from '../../../test/render.tsx';
import { PortalOverviewPage } from '../pages/portal-overview-page.tsx';
import { PortalSignupPage } from '../pages/portal-signup-page.tsx';
import { PRIVACY_GATE_TEXT } from './portal-privacy-notice-gate.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const officer = { name: 'Amaka Obi', email: 'dpo@obi.example', phone: '+234 803 555 0199' };
const notice = (version: number) => ({
  version,
  body: `Version ${version}: we hold your name and contact details to act for you.`,
  publishedAt: '2026-11-20T09:00:00.000Z',
});

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const portalSession = fakeSession({
  isFirmSignedIn: false,
  isClientSignedIn: true,
  clientId: CLIENT_ID,
  company: 'obi',
  portalProfile: {
    clientId: CLIENT_ID,
    name: 'Kemi Adebayo',
    clientName: 'Kemi Adebayo',
    email: 'kemi@client.example',
    company: 'obi',
    firmName: 'Obi & Co',
    firmLogo: null,
  },
});

describe('the privacy notice on the portal', { timeout: 60_000 }, () => {
  it('shows a new version before the portal, focused, and lets the client in once they agree', async () => {
    let status: PortalPrivacyNotice = { officer, notice: notice(2), consentedAt: null, needsConsent: true };
    const api = stubApi({
      'GET /client-portal/privacy-notice': () => ({ data: status }),
      'POST /client-portal/privacy-notice/consent': () => {
        status = { ...status, consentedAt: '2026-11-28T10:00:00.000Z', needsConsent: false };
        return { message: 'Thank you: your consent is recorded', data: status };
      },
    });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=overview`, session: portalSession });
    const heading = await screen.findByRole('heading', { name: PRIVACY_GATE_TEXT.title });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('region', { name: 'Privacy notice, version 2' })).toHaveTextContent('Version 2: we hold your name');
    expect(screen.queryByRole('tab', { name: 'Overview' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'dpo@obi.example' })[0]).toHaveAttribute('href', 'mailto:dpo@obi.example');
    expect(await seriousIssues()).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PRIVACY_GATE_TEXT.agree }));
    expect(await screen.findByText(PRIVACY_GATE_TEXT.tick)).toBeInTheDocument();
    expect(api.callsTo('POST', '/client-portal/privacy-notice/consent')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: PRIVACY_NOTICE_MESSAGES.consentLabel }));
    await user.click(screen.getByRole('button', { name: PRIVACY_GATE_TEXT.agree }));
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client-portal/privacy-notice/consent')[0]?.body).toEqual({ version: 2 });
    // The officer stays named under the portal, with the notice to read again.
    expect(screen.getByRole('button', { name: 'Read our privacy notice (version 2)' })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  });

  it('asks nothing when the firm has published no notice', async () => {
    stubApi({ 'GET /client-portal/privacy-notice': { data: { officer: null, notice: null, consentedAt: null, needsConsent: false } } });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=overview`, session: portalSession });
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PRIVACY_GATE_TEXT.title })).not.toBeInTheDocument();
  });

  it('shows the notice at sign-up and creates the account only once the box is ticked, naming the version read', async () => {
    const api = stubApi({
      'GET /client-portal/get-firm-branding': { data: { firmName: 'Obi & Co', firmLogo: null, company: 'obi' } },
      'GET /client-portal/get-privacy-notice': { data: { officer, notice: notice(1) } },
      'POST /client-portal/signup': { data: { token: 'v1.a.b', clientId: CLIENT_ID, company: 'obi' } },
    });
    const signInClient = vi.fn(async () => {});
    renderRoutes([{ path: '/portal/:company/signup', element: <PortalSignupPage /> }], {
      path: '/portal/obi/signup?token=secret-from-the-email',
      session: fakeSession({ isFirmSignedIn: false, signInClient }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('region', { name: 'Privacy notice, version 1' })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
    await user.type(screen.getByLabelText(/Email/), 'kemi@client.example');
    await user.type(screen.getByLabelText(/^Password/), 'plum-orchard-zebra-kettle');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PRIVACY_NOTICE_MESSAGES.consentRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/client-portal/signup')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: PRIVACY_NOTICE_MESSAGES.consentLabel }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signInClient).toHaveBeenCalled());
    expect(api.callsTo('POST', '/client-portal/signup')[0]?.body).toMatchObject({ privacyNoticeVersion: 1 });
  });
});
