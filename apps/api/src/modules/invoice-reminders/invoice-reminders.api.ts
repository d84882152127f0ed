/** What others may use of invoice reminders: the services' factories and one firm's run of the job (the demo seed replays days with it). */
export { createInvoiceDisputes } from './invoice-disputes.ts';
export { createReminderSchedule } from './reminder-schedule.ts';
export { sendFirmReminders } from './send-due-reminders.ts';
