import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  clientReminderChoiceInputSchema,
  clientReminderChoiceSchema,
  invoiceDisputeInputSchema,
  invoiceRemindersSchema,
  reminderPreviewInputSchema,
  reminderPreviewSchema,
  reminderScheduleInputSchema,
  reminderScheduleSchema,
} from './invoice-reminder.schemas.ts';

const base = '/api/admin/invoice-reminders';

/**
 * Invoice reminders: the firm's schedule and its preview, an invoice's reminders and dispute, a
 * client's choice. The dispute lives here, not under the invoice's own calls: it changes nothing
 * the invoice bills or its status, only whether it is chased (ADR 0071).
 */
export const invoiceReminderContracts = {
  schedule: defineRoute({ method: 'GET', path: `${base}/get-schedule`, response: reminderScheduleSchema }),
  updateSchedule: defineRoute({
    method: 'PUT',
    path: `${base}/update-schedule`,
    body: reminderScheduleInputSchema,
    response: reminderScheduleSchema,
  }),
  preview: defineRoute({
    method: 'POST',
    path: `${base}/preview-template`,
    body: reminderPreviewInputSchema,
    response: reminderPreviewSchema,
  }),
  invoiceReminders: defineRoute({
    method: 'GET',
    path: `${base}/get-invoice-reminders/:id`,
    params: idParamsSchema,
    response: invoiceRemindersSchema,
  }),
  setDispute: defineRoute({
    method: 'PUT',
    path: `${base}/set-invoice-dispute/:id`,
    params: idParamsSchema,
    body: invoiceDisputeInputSchema,
    response: invoiceRemindersSchema,
  }),
  clearDispute: defineRoute({
    method: 'DELETE',
    path: `${base}/clear-invoice-dispute/:id`,
    params: idParamsSchema,
    response: invoiceRemindersSchema,
  }),
  clientChoice: defineRoute({
    method: 'GET',
    path: `${base}/get-client-choice/:id`,
    params: idParamsSchema,
    response: clientReminderChoiceSchema,
  }),
  setClientChoice: defineRoute({
    method: 'PUT',
    path: `${base}/set-client-choice/:id`,
    params: idParamsSchema,
    body: clientReminderChoiceInputSchema,
    response: clientReminderChoiceSchema,
  }),
};
