import type { Consultation } from '@matterhorn/shared';
import type { ConsultationRow } from './consultations.repository.ts';

export const consultationViewOf = (row: ConsultationRow): Consultation => ({
  id: row.id,
  leadId: row.leadId,
  status: row.status,
  start: row.start,
  end: row.end,
  assigneeName: row.assigneeName,
  location: row.location,
  videoLink: row.videoLink,
  feeAmount: row.feeAmount,
  feeCurrency: row.feeCurrency,
  feeCurrencySymbol: row.feeCurrencySymbol,
  paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
  bookedThrough: row.bookedThrough,
  cancelReason: row.cancelReason,
  calendarEventId: row.calendarEventId,
});
