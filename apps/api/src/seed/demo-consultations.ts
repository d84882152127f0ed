import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import {
  bookConsultation,
  clockOf,
  findConsultationLead,
  freeSlotsOf,
  saveConsultationSettings,
} from '../modules/consultations/consultations.api.ts';
import type { SeededFirm } from './seeded-firm.ts';

const DEMO_SETTINGS = {
  lengthMinutes: 45,
  workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '16:00' })),
  noticeDays: 1,
  horizonDays: 21,
  feeAmount: '25000.00',
  feeCurrency: 'NGN',
  isFeeRequired: true,
  officeAddress: '12 Marina Road, Lagos Island, Lagos',
  videoLink: null,
};

/**
 * The demo firm's consultation settings (45 minutes, weekdays 10:00–16:00, from the next working day,
 * three weeks ahead, a ₦25,000 fee paid online to confirm), and one consultation booked by the firm
 * for the leads demo's lead at Consultation booked (else its first new or contacted lead with an
 * assignee), on a free slot of its assignee's: on the calendar and the lead's timeline. Its emails are dropped.
 */
export async function seedDemoConsultations(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    await saveConsultationSettings(tx, firm.firmId, firm.users.admin.id, DEMO_SETTINGS);
    const [candidate] = await rowsOf<{ id: string }>(
      tx.execute(sql`select id from leads where firm_id = ${firm.firmId} and deleted_at is null and assignee_user_id is not null
        and status in ('consultationBooked', 'new', 'contacted') order by (status = 'consultationBooked') desc, created_at, id limit 1`),
    );
    const lead = candidate ? await findConsultationLead(tx, firm.firmId, candidate.id) : null;
    if (!lead?.assigneeUserId) return;
    const days = await freeSlotsOf(tx, firm.firmId, lead.assigneeUserId, DEMO_SETTINGS, await clockOf(tx, firm.firmId));
    const start = days[1]?.slots[2]?.start ?? days[0]?.slots[0]?.start;
    if (!start) return;
    await bookConsultation(
      tx,
      { outbox: droppingOutbox, appUrl: '' },
      { firmId: firm.firmId, userId: firm.users.admin.id },
      { lead, start, isPaymentPossible: false, bookingUrl: null },
    );
  });
}
