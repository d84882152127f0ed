import type { ConsultationSlots, LeadConsultation } from '@matterhorn/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { LeadConsultationCard } from '../components/lead-consultation-card.tsx';

configure({ asyncUtilTimeout: 10_000 });

const LEAD = '11111111-1111-4111-8111-111111111111';
const base = '/api/admin/consultations';
const none: LeadConsultation = { consultation: null, link: null, isConfigured: true, paymentsToRefund: [] };
const slots: ConsultationSlots = {
  timeZone: 'Africa/Lagos',
  lengthMinutes: 30,
  days: [
    {
      date: '2030-03-04',
      slots: [
        { start: '2030-03-04T09:00', end: '2030-03-04T09:30' },
        { start: '2030-03-04T09:30', end: '2030-03-04T10:00' },
      ],
    },
    { date: '2030-03-05', slots: [{ start: '2030-03-05T14:00', end: '2030-03-05T14:30' }] },
  ],
};
const booked: LeadConsultation = {
  ...none,
  consultation: {
    id: '22222222-2222-4222-8222-222222222222',
    leadId: LEAD,
    status: 'Confirmed',
    start: '2030-03-05T14:00',
    end: '2030-03-05T14:30',
    assigneeName: 'Ada Obi',
    location: null,
    videoLink: 'https://meet.example.test/room',
    feeAmount: null,
    feeCurrency: null,
    feeCurrencySymbol: '',
    paidAt: null,
    bookedThrough: 'staff',
    cancelReason: null,
    calendarEventId: '33333333-3333-4333-8333-333333333333',
  },
};

describe('LeadConsultationCard', { timeout: 30_000 }, () => {
  it('books the time chosen in the slot picker: a day, then one of its times', async () => {
    const api = stubApi({
      [`GET ${base}/get-lead-consultation/${LEAD}`]: { data: none },
      [`GET ${base}/get-lead-slots/${LEAD}`]: { data: slots },
      [`POST ${base}/book/${LEAD}`]: { status: 201, data: booked, message: 'Consultation booked' },
    });
    renderAt(<LeadConsultationCard leadId={LEAD} />, { session: fakeSession({ permissions: ['clientInfo', 'clientInfo.edit'] }) });
    expect(await screen.findByText('No consultation booked.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Book consultation' }));
    // The first day is chosen; its times are offered, and Book waits for one.
    expect(await screen.findByRole('button', { name: 'Mon 4 Mar', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '09:30', pressed: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Tue 5 Mar' }));
    expect(screen.queryByRole('button', { name: '09:00' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '14:00' }));
    expect(screen.getByRole('button', { name: '14:00', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('05/03/2030 at 14:00 with Ada Obi')).toBeInTheDocument();
    expect(api.callsTo('POST', `${base}/book/${LEAD}`)[0]?.body).toEqual({ start: '2030-03-05T14:00' });
    expect(screen.getByRole('button', { name: 'Move consultation' })).toBeInTheDocument();
  });

  it('lists a payment held for refund and records its refund for a member who records payments', async () => {
    const payment = {
      id: '44444444-4444-4444-8444-444444444444',
      reference: 'mh_cf_0123456789abcdef',
      gateway: 'paystack',
      amount: '25000.00',
      currencyCode: 'NGN',
      currencySymbol: '₦',
      paidAt: '2030-03-01T10:00:00.000Z',
      reason: 'Refund it: the consultation’s fee had already been paid',
    };
    const api = stubApi({
      [`GET ${base}/get-lead-consultation/${LEAD}`]: { data: { ...booked, paymentsToRefund: [payment] } },
      [`POST ${base}/refund-payment/${payment.id}`]: { data: booked, message: 'Payment refunded' },
    });
    renderAt(<LeadConsultationCard leadId={LEAD} />, {
      session: fakeSession({ permissions: ['clientInfo', 'clientInfo.edit', 'paymentInfo', 'paymentInfo.edit'] }),
    });
    expect(
      await screen.findByText('₦25,000.00 paid online on 01/03/2030 to refund: the consultation’s fee had already been paid.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record refund' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Refund reference (optional)' }), 'RF-7781');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('05/03/2030 at 14:00 with Ada Obi')).toBeInTheDocument();
    expect(api.callsTo('POST', `${base}/refund-payment/${payment.id}`)[0]?.body).toEqual({ reference: 'RF-7781' });
    expect(screen.queryByText(/to refund:/)).not.toBeInTheDocument();
  });

  it('offers no Record refund to a member who does not record payments', async () => {
    stubApi({
      [`GET ${base}/get-lead-consultation/${LEAD}`]: {
        data: {
          ...booked,
          paymentsToRefund: [
            {
              id: '44444444-4444-4444-8444-444444444444',
              reference: 'mh_cf_0123456789abcdef',
              gateway: 'paystack',
              amount: '25000.00',
              currencyCode: 'NGN',
              currencySymbol: '₦',
              paidAt: '2030-03-01T10:00:00.000Z',
              reason: 'Refund it: the consultation had been cancelled before it was paid',
            },
          ],
        },
      },
    });
    renderAt(<LeadConsultationCard leadId={LEAD} />, { session: fakeSession({ permissions: ['clientInfo', 'clientInfo.edit'] }) });
    expect(await screen.findByText(/to refund: the consultation had been cancelled before it was paid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record refund' })).not.toBeInTheDocument();
  });
});
