import { breachSchema, dataProtectionSettingsSchema, type Breach } from '@matterhorn/shared';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { DataProtectionPage } from '../pages/data-protection-page.tsx';
import { deadlineText } from './breach-countdown.ts';

configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/data-protection/breaches';
const BREACH_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
const CLIENT_ID = '99999999-9999-4999-8999-999999999999';

function breach(overrides: Partial<Breach> = {}): Breach {
  return {
    id: BREACH_ID,
    title: 'Laptop stolen from a car',
    description: '',
    dataAffected: 'Client files',
    peopleAffected: 'Litigation clients',
    discoveredAt: '2026-11-27T10:00:00.000Z',
    regulatorDeadline: '2026-11-30T10:00:00.000Z',
    minutesLeft: 41 * 60 + 12,
    regulatorNotifiedAt: null,
    regulatorNotifiedTo: null,
    clients: [{ clientId: CLIENT_ID, name: 'Adaeze Okafor', toldAt: null }],
    recordedBy: 'Grace Hopper',
    timeZone: 'Africa/Lagos',
    ...overrides,
  };
}

describe('the breach countdown', () => {
  it('says the time left, the time past the deadline, or whom the firm told', () => {
    expect(deadlineText(breach())).toBe('Tell the regulator within 41 h 12 min');
    expect(deadlineText(breach(), 13)).toBe('Tell the regulator within 40 h 59 min');
    expect(deadlineText(breach({ minutesLeft: -185 }))).toBe('72-hour deadline passed 3 h 5 min ago');
    expect(deadlineText(breach({ regulatorNotifiedAt: '2026-11-28T09:00:00.000Z', regulatorNotifiedTo: 'NDPC' }))).toBe(
      'Regulator told: NDPC',
    );
  });
});

describe('Settings › Data protection › Breaches', { timeout: 60_000 }, () => {
  it('shows the 72 hours counted down and records the regulator told', async () => {
    let isTold = false;
    const api = stubApi({
      [`GET ${BASE}`]: () =>
        contractAnswer(breachSchema.array(), [
          isTold
            ? breach({ regulatorNotifiedAt: '2026-11-28T09:00:00.000Z', regulatorNotifiedTo: 'Nigeria Data Protection Commission' })
            : breach(),
        ]),
      [`POST ${BASE}/${BREACH_ID}/notify-regulator`]: () => {
        isTold = true;
        return contractAnswer(breachSchema, breach());
      },
    });
    renderRoutes([{ path: '/settings/data-protection', element: <DataProtectionPage /> }], {
      path: '/settings/data-protection?activeTab=breaches',
      session: fakeSession({ permissions: ['administrator'] }),
    });
    expect(await screen.findByText('Tell the regulator within 41 h 12 min')).toBeInTheDocument();
    // Found at 10:00 UTC: 11:00 on the Lagos firm's clock, whatever the reader's.
    expect(screen.getByText('Found 27/11/2026 11:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Adaeze Okafor told' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Regulator told now' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/${BREACH_ID}/notify-regulator`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/${BREACH_ID}/notify-regulator`)[0]!.body).toMatchObject({
      notifiedTo: 'Nigeria Data Protection Commission',
    });
    expect(await screen.findByText('Regulator told: Nigeria Data Protection Commission')).toBeInTheDocument();
  });

  it('records a breach found when the firm’s clock says, whatever the reader’s device says', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: () => contractAnswer(breachSchema.array(), []),
      'GET /api/admin/data-protection/settings': () =>
        contractAnswer(dataProtectionSettingsSchema, {
          requestDueDays: 30,
          closedMatterFileYears: 7,
          financialRecordYears: 7,
          timeZone: 'Africa/Lagos',
        }),
      [`POST ${BASE}`]: () => ({ ...contractAnswer(breachSchema, breach()), status: 201 }),
    });
    renderRoutes([{ path: '/settings/data-protection', element: <DataProtectionPage /> }], {
      path: '/settings/data-protection?activeTab=breaches',
      session: fakeSession({ permissions: ['administrator'] }),
    });
    const user = userEvent.setup();
    const found = await screen.findByLabelText(/^When found/);
    await user.type(screen.getByLabelText(/^What happened/), 'Laptop stolen from a car');
    await user.type(screen.getByLabelText(/^What data/), 'Client files');
    await user.type(screen.getByLabelText(/^Whose data/), 'Litigation clients');
    await user.clear(found);
    await user.type(found, '2026-11-28T09:30');
    await user.click(screen.getByRole('button', { name: 'Record breach' }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    // 09:30 in Lagos (UTC+1) is 08:30 UTC, on any device's clock.
    expect(api.callsTo('POST', BASE)[0]!.body).toMatchObject({ discoveredAt: '2026-11-28T08:30:00.000Z' });
  });
});
