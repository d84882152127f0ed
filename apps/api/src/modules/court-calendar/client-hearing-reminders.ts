import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { listFirmClocks } from '../../platform/firm-clock.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { findHearingsOn } from './client-hearing-reminders.repository.ts';
import { addDays } from './court-calendar.service.ts';

/** Clients are texted from 09:00 in the firm's time zone, never at night. */
export const CLIENT_REMINDER_HOUR = 9;

export type ClientHearingReminderDeps = {
  database: Database;
  clientUpdates: QueueClientUpdate;
  logger?: Pick<FastifyBaseLogger, 'error'>;
};

/**
 * The day-before reminder of each hearing to the client's contacts who opted in (ADR 90): every
 * firm where it is 09:00 or later queues tomorrow's, each hearing once per contact and channel
 * (the message's event key; a later run, or two at once, queues nothing more). Answers how many
 * were queued; throws after trying every firm when one failed, so the queue retries.
 */
export async function queueClientHearingReminders({ database, clientUpdates, logger }: ClientHearingReminderDeps, now = new Date()) {
  const clocks = await database.withIdentityLookup((tx) => listFirmClocks(tx, now));
  let queued = 0;
  const failures: unknown[] = [];
  for (const firm of clocks.filter((clock) => clock.hour >= CLIENT_REMINDER_HOUR)) {
    try {
      queued += await database.withFirm(firm.firmId, async (tx) => {
        let count = 0;
        for (const hearing of await findHearingsOn(tx, firm.firmId, addDays(firm.today, 1)))
          count += await clientUpdates(tx, firm.firmId, {
            templateKey: 'hearing-reminder',
            matterId: hearing.matterId,
            eventKey: `hearing-reminder:${hearing.courtUpdateId}:${hearing.date}`,
            date: hearing.date,
          });
        return count;
      });
    } catch (error) {
      failures.push(error);
      logger?.error({ err: error, firmId: firm.firmId }, 'client hearing reminders not queued');
    }
  }
  if (failures.length) throw new AggregateError(failures, `Client hearing reminders of ${failures.length} firms were not queued`);
  return queued;
}
