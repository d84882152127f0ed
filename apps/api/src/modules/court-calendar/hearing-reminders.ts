import type { FastifyBaseLogger } from 'fastify';
import { isoToDisplayDate } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import type { OutgoingEmail } from '../../lib/outgoing-email.ts';
import { listFirmClocks } from '../../platform/firm-clock.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { findCalendarSettings } from './calendar-feeds.repository.ts';
import { addDays } from './court-calendar.service.ts';
import {
  claimDigest,
  claimReminder,
  findDueDigests,
  findDueReminders,
  type DueDigest,
  type DueReminder,
  type RemindedHearing,
} from './hearing-reminders.repository.ts';

/** Reminders and digests go from 07:00 in the firm's time zone: nobody is e-mailed at night. */
export const REMINDER_HOUR = 7;

export type ReminderDependencies = { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger };

// Emails show dates as screens do (DD/MM/YYYY, GUIDE §6): a client or fee earner never reads ISO.
const whenOf = (hearing: RemindedHearing) => {
  const date = isoToDisplayDate(hearing.date);
  return hearing.time ? `${date} at ${hearing.time}` : `${date} (no time given)`;
};
const matterOf = (hearing: RemindedHearing) =>
  hearing.matterNumber ? `${hearing.matterNumber} ${hearing.matterName}` : hearing.matterName;
const courtOf = (hearing: RemindedHearing) => [hearing.courtName, hearing.courtDivision].filter(Boolean).join(', ');

const hearingLines = (hearing: RemindedHearing) => [
  `${matterOf(hearing)} — ${hearing.clientName}`,
  `  When: ${whenOf(hearing)}`,
  `  Court: ${courtOf(hearing)}${hearing.judge ? ` (${hearing.judge})` : ''}`,
  `  Suit number: ${hearing.suitNumber}`,
  ...(hearing.purpose ? [`  Purpose: ${hearing.purpose}`] : []),
];

function reminderEmail(reminder: DueReminder, calendarUrl: string): OutgoingEmail {
  const when = reminder.daysBefore === 1 ? 'tomorrow' : `in ${reminder.daysBefore} days`;
  return {
    to: reminder.email,
    subject: `Hearing ${when}: ${reminder.matterName} (${reminder.suitNumber})`,
    sender: 'firm',
    greeting: `Dear ${reminder.userName},`,
    paragraphs: [`A hearing on your matter is ${when}:`, hearingLines(reminder).join('\n')],
    action: { label: 'Open the court calendar', url: calendarUrl },
    why: 'you are assigned to this matter and your firm sends hearing reminders',
    isReminder: true,
  };
}

function digestEmail(digest: DueDigest, date: string, calendarUrl: string): OutgoingEmail {
  const count = digest.hearings.length;
  return {
    to: digest.email,
    subject: `Tomorrow's hearings (${isoToDisplayDate(date)}): ${count} ${count === 1 ? 'hearing' : 'hearings'}`,
    sender: 'firm',
    greeting: `Dear ${digest.userName},`,
    paragraphs: [
      `Your matters have ${count} ${count === 1 ? 'hearing' : 'hearings'} tomorrow, ${isoToDisplayDate(date)}:`,
      ...digest.hearings.map((hearing) => hearingLines(hearing).join('\n')),
    ],
    action: { label: 'Open the court calendar', url: calendarUrl },
    why: 'you are assigned to matters with hearings tomorrow and your firm sends a daily digest of them',
    isReminder: true,
  };
}

/**
 * The periodic job: every firm where it is 07:00 or later gets today's reminders (each hearing
 * exactly N days away, N in the firm's settings) and, if enabled, each user's digest of tomorrow.
 *
 * Each e-mail is sent inside the transaction that records it (hearing_reminders /
 * hearing_digests, whose unique keys make it once): a run that meets a record another run holds
 * waits for it and skips. A failed send rolls its record back, so the next run sends it again.
 * A crash after the mail server accepted it but before the commit sends it once more: we chose
 * at-least-once (a rare duplicate) over at-most-once (a silently lost reminder).
 * Answers how many e-mails this run sent; throws after trying all when any failed (so the queue retries).
 */
export async function sendDueHearingReminders(
  { database, outbox, appUrl, logger }: ReminderDependencies,
  now = new Date(),
): Promise<number> {
  const calendarUrl = `${appUrl}/calendar`;
  const clocks = await database.withIdentityLookup((tx) => listFirmClocks(tx, now));
  let sent = 0;
  const failures: unknown[] = [];
  const once = async (firmId: string, claim: (tx: Tx) => Promise<boolean>, label: string) => {
    try {
      if (await database.withFirm(firmId, claim)) sent += 1;
    } catch (error) {
      failures.push(error);
      logger?.error({ err: error, firmId }, `hearing ${label} not sent`);
    }
  };
  for (const firm of clocks.filter((clock) => clock.hour >= REMINDER_HOUR)) {
    const tomorrow = addDays(firm.today, 1);
    const { reminders, digests } = await database.withFirm(
      firm.firmId,
      async (tx) => {
        const settings = await findCalendarSettings(tx, firm.firmId);
        return {
          reminders: settings.reminderDaysBefore.length
            ? await findDueReminders(tx, firm.firmId, firm.today, settings.reminderDaysBefore)
            : [],
          digests: settings.isDailyDigestEnabled ? await findDueDigests(tx, firm.firmId, tomorrow) : [],
        };
      },
      READ_ONLY,
    );
    for (const reminder of reminders) {
      const record = {
        firmId: firm.firmId,
        courtUpdateId: reminder.courtUpdateId,
        userId: reminder.userId,
        hearingDate: reminder.date,
        daysBefore: reminder.daysBefore,
      };
      await once(
        firm.firmId,
        async (tx) =>
          (await claimReminder(tx, record)) && (await outbox.queue(tx, firm.firmId, reminderEmail(reminder, calendarUrl)), true),
        'reminder',
      );
    }
    for (const digest of digests) {
      const record = { firmId: firm.firmId, userId: digest.userId, digestDate: tomorrow, hearingCount: digest.hearings.length };
      await once(
        firm.firmId,
        async (tx) =>
          (await claimDigest(tx, record)) && (await outbox.queue(tx, firm.firmId, digestEmail(digest, tomorrow, calendarUrl)), true),
        'digest',
      );
    }
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} hearing e-mails were not sent`);
  return sent;
}
