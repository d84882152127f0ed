import { ENGAGEMENT_MESSAGES, engagementSchema, type Engagement } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { EngagementCard } from '../components/engagement-card.tsx';

const LEAD_ID = '5d0c8f52-0000-4000-8000-000000000001';
const MAY_CONVERT = fakeSession({
  profile: fakeProfile(),
  permissions: ['clientInfo', 'clientInfo.edit', 'clientInfo.create', 'matterMaster.create', 'document.create'],
});

/** An engagement as the server answers it, checked against the contract so the fixture cannot drift from it. */
const engagementWith = (overrides: Partial<Engagement>): Engagement =>
  engagementSchema.parse({
    leadId: LEAD_ID,
    leadName: 'Adaora Nwosu',
    isSaved: true,
    terms: {
      practiceAreaId: null,
      practiceAreaName: null,
      responsibleUserId: '5d0c8f52-0000-4000-8000-000000000002',
      responsibleName: 'Emeka Obi',
      matterName: 'Nwosu v Lagoon Bank',
      matterDescription: null,
      billingType: 'Hourly',
      hourlyRate: '275.50',
      flatRate: null,
      contingencyPercentage: null,
      retainerAmount: '1500.00',
      retainerCurrencyCode: 'NGN',
      templateDocumentId: '5d0c8f52-0000-4000-8000-000000000003',
      templateName: 'Engagement letter.docx',
    },
    homeCurrencyCode: 'NGN',
    letterDocx: { documentId: '5d0c8f52-0000-4000-8000-000000000004', name: 'Engagement letter – Adaora Nwosu.docx' },
    letterPdf: { documentId: '5d0c8f52-0000-4000-8000-000000000005', name: 'Engagement letter – Adaora Nwosu.pdf' },
    letterGeneratedAt: '2026-11-28T09:00:00.000Z',
    signatureRequestId: '5d0c8f52-0000-4000-8000-000000000006',
    signatureStatus: 'Sent',
    feesLock: ENGAGEMENT_MESSAGES.feesOutForSignature,
    generateRefusal: ENGAGEMENT_MESSAGES.alreadySent,
    sendRefusal: ENGAGEMENT_MESSAGES.alreadySent,
    convertRefusal: null,
    willCreate: [
      'Client “Adaora Nwosu” (person)',
      'Matter “Nwosu v Lagoon Bank”, Hourly at 275.50 NGN',
      'The matter’s documents folder, with the engagement letter and 2 files sent with the intake form',
    ],
    clientId: null,
    clientName: null,
    matterId: null,
    matterNumber: null,
    trustRequestId: null,
    convertedAt: null,
    ...overrides,
  });

// The terms form's autosizing description listens for web fonts, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
});

const renderCard = (engagement: Engagement) => {
  stubApi({ [`GET /admin/engagements/get-engagement/${LEAD_ID}`]: { data: engagement } });
  return renderAt(<EngagementCard leadId={LEAD_ID} canEdit />, { session: MAY_CONVERT });
};

describe('the engagement card', { timeout: 30_000 }, () => {
  it('while the letter is out for signature: no new letter nor a second sending, and says what Convert will make', async () => {
    renderCard(engagementWith({}));
    const card = await screen.findByRole('region', { name: 'Engagement' });
    expect(within(card).getByRole('button', { name: 'Generate engagement letter' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Send for signature' })).toBeDisabled();
    expect(within(card).getByText(ENGAGEMENT_MESSAGES.alreadySent)).toBeInTheDocument();
    expect(
      within(card).getByText('The matter’s documents folder, with the engagement letter and 2 files sent with the intake form'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Convert to client' })).toBeEnabled();
  });

  it('keeps the fees the letter states while it is out, and lets the matter’s name change', async () => {
    renderCard(engagementWith({}));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit terms' }));
    const rate = await screen.findByRole('textbox', { name: 'Hourly rate (NGN)' });
    expect(rate).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Retainer into trust' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Matter name' })).toBeEnabled();
    expect(screen.getByText(ENGAGEMENT_MESSAGES.feesOutForSignature)).toBeInTheDocument();
  });

  it('offers a new letter once the request is voided, and links the client and matter once converted', async () => {
    const { unmount } = renderCard(engagementWith({ signatureStatus: 'Voided', feesLock: null, generateRefusal: null, sendRefusal: null }));
    const card = await screen.findByRole('region', { name: 'Engagement' });
    expect(within(card).getByRole('button', { name: 'Generate engagement letter' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Send for signature' })).toBeEnabled();
    unmount();
    renderCard(
      engagementWith({
        signatureStatus: 'Completed',
        feesLock: null,
        generateRefusal: ENGAGEMENT_MESSAGES.alreadySigned,
        sendRefusal: ENGAGEMENT_MESSAGES.alreadySigned,
        clientId: '5d0c8f52-0000-4000-8000-000000000007',
        clientName: 'Adaora Nwosu',
        matterId: '5d0c8f52-0000-4000-8000-000000000008',
        matterNumber: 'M-0042',
        convertedAt: '2026-11-28T10:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Client: Adaora Nwosu' })).toHaveAttribute(
      'href',
      '/clients/5d0c8f52-0000-4000-8000-000000000007',
    );
    expect(screen.getByRole('link', { name: 'Matter: M-0042' })).toHaveAttribute('href', '/matter/5d0c8f52-0000-4000-8000-000000000008');
    expect(screen.queryByRole('button', { name: 'Edit terms' })).toBeNull();
  });
});
