import { portalOptInsSchema, setPortalOptInsSchema, type PortalOptIns } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PortalSettingsTab } from './portal-settings-tab.tsx';

const session = fakeSession({
  isFirmSignedIn: false,
  isClientSignedIn: true,
  clientId: '11111111-1111-4111-8111-111111111111',
  company: 'obi',
});
const NONE: PortalOptIns = { clientContactId: null, name: 'Adaeze Okafor', phone: '0803 111 2222', sms: null, whatsapp: null };

describe('PortalSettingsTab', { timeout: 30_000 }, () => {
  it('lets the client opt in to WhatsApp, showing the reason when the number cannot be read', async () => {
    const user = userEvent.setup();
    let saves = 0;
    const api = stubApi({
      'GET /client-portal/get-message-preferences': contractAnswer(portalOptInsSchema, NONE),
      'POST /client-portal/save-message-preferences': (call) => {
        saves += 1;
        if (saves === 1) return { status: 400, message: '“call me” is not a phone number: it has letters in it.' };
        const body = setPortalOptInsSchema.parse(call.body);
        return contractAnswer(portalOptInsSchema, {
          ...NONE,
          whatsapp: {
            isOptedIn: body.whatsapp,
            phoneNumber: '+2348031112222',
            recordedAt: '2026-11-28T10:00:00.000Z',
            recordedByName: 'Adaeze Okafor',
            recordedBy: 'client',
          },
        });
      },
    });
    renderAt(<PortalSettingsTab />, { session });
    const form = await screen.findByRole('form', { name: 'Adaeze Okafor' });
    const number = within(form).getByRole('textbox', { name: /Mobile number/ });
    expect(number).toHaveValue('0803 111 2222');
    await user.clear(number);
    await user.type(number, 'call me');
    await user.click(within(form).getByRole('checkbox', { name: /Updates by WhatsApp/ }));
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    expect(await within(form).findByText('“call me” is not a phone number: it has letters in it.')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '08031112222');
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('POST', '/client-portal/save-message-preferences')).toHaveLength(2));
    expect(api.callsTo('POST', '/client-portal/save-message-preferences')[1]?.body).toEqual({
      phoneNumber: '08031112222',
      sms: false,
      whatsapp: true,
    });
    const saved = await screen.findByRole('form', { name: 'Adaeze Okafor' });
    await waitFor(() => expect(within(saved).getByText(/recorded by Adaeze Okafor \(the client, on the portal\)/)).toBeInTheDocument());
  });
});
