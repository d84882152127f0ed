import { consultationContracts as calls, type BookingAnswer } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The lead's booking page (no sign-in): its view, the free slots, and booking, paying, moving or cancelling. */
export const bookingPageKeys = { page: (token: string) => ['booking-page', token] as const };

export const bookingPageQuery = (token: string) =>
  queryOptions({
    queryKey: bookingPageKeys.page(token),
    queryFn: async () => (await callContract(calls.publicPage, { params: { token } }, { auth: 'none', silent: true })).data,
    retry: false,
  });

export const bookingSlotsQuery = (token: string) =>
  queryOptions({
    queryKey: [...bookingPageKeys.page(token), 'slots'],
    queryFn: async () => (await callContract(calls.publicSlots, { params: { token } }, { auth: 'none', silent: true })).data,
    staleTime: 0,
  });

const publicWrite = { auth: 'none' as const, silent: true };

export const bookOnPage = async (token: string, start: string): Promise<BookingAnswer> =>
  (await callContract(calls.publicBook, { params: { token }, body: { start } }, publicWrite)).data;

export const moveOnPage = async (token: string, start: string): Promise<BookingAnswer> =>
  (await callContract(calls.publicReschedule, { params: { token }, body: { start } }, publicWrite)).data;

export const payOnPage = async (token: string): Promise<BookingAnswer> =>
  (await callContract(calls.publicPay, { params: { token } }, publicWrite)).data;

export const cancelOnPage = async (token: string, reason: string | null) =>
  (await callContract(calls.publicCancel, { params: { token }, body: { reason } }, publicWrite)).data;
