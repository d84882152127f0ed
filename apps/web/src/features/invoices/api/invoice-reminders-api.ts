import {
  invoiceReminderContracts as calls,
  type ClientReminderChoice,
  type InvoiceReminders,
  type ReminderPreview,
  type ReminderPreviewInput,
  type ReminderSchedule,
  type ReminderScheduleInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Invoice reminders' calls: the firm's schedule, an invoice's reminders and dispute, a client's choice. */
export const reminderKeys = {
  schedule: () => ['invoices', 'reminders', 'schedule'] as const,
  invoice: (invoiceId: string) => ['invoices', 'reminders', 'invoice', invoiceId] as const,
  client: (clientId: string) => ['invoices', 'reminders', 'client', clientId] as const,
};

export const reminderScheduleQuery = queryOptions({
  queryKey: reminderKeys.schedule(),
  queryFn: async (): Promise<ReminderSchedule> => (await callContract(calls.schedule, {}, { auth: 'firm' })).data,
});

export async function updateReminderSchedule(body: ReminderScheduleInput): Promise<ReminderSchedule> {
  return (await callContract(calls.updateSchedule, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function previewReminder(body: ReminderPreviewInput): Promise<ReminderPreview> {
  return (await callContract(calls.preview, { body }, { auth: 'firm', silent: true })).data;
}

/** Silent: the invoice page shows nothing of reminders when they cannot be read. */
export const invoiceRemindersQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: reminderKeys.invoice(invoiceId),
    queryFn: async (): Promise<InvoiceReminders> =>
      (await callContract(calls.invoiceReminders, { params: { id: invoiceId } }, { auth: 'firm', silent: true })).data,
  });

export async function setInvoiceDispute(invoiceId: string, note: string): Promise<InvoiceReminders> {
  return (await callContract(calls.setDispute, { params: { id: invoiceId }, body: { note } }, { auth: 'firm', toastSuccess: true })).data;
}

export async function clearInvoiceDispute(invoiceId: string): Promise<InvoiceReminders> {
  return (await callContract(calls.clearDispute, { params: { id: invoiceId } }, { auth: 'firm', toastSuccess: true })).data;
}

export const clientReminderChoiceQuery = (clientId: string) =>
  queryOptions({
    queryKey: reminderKeys.client(clientId),
    queryFn: async (): Promise<ClientReminderChoice> =>
      (await callContract(calls.clientChoice, { params: { id: clientId } }, { auth: 'firm', silent: true })).data,
  });

export async function setClientReminderChoice(clientId: string, isOptedOut: boolean): Promise<ClientReminderChoice> {
  return (
    await callContract(calls.setClientChoice, { params: { id: clientId }, body: { isOptedOut } }, { auth: 'firm', toastSuccess: true })
  ).data;
}
