import type { WorkActivityKind } from '@matterhorn/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { matterCalls, workActivities } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

type DemoWork = {
  daysAgo: number;
  matterIndex: number;
  kind: WorkActivityKind;
  subject: string;
  minutes: number;
};

/** A week of the demo fee earner's work in Matterhorn, so Suggested time has days to propose on first sign-in. */
const WEEK: DemoWork[] = [
  { daysAgo: 0, matterIndex: 0, kind: 'documentRead', subject: 'Lease v3.docx', minutes: 12 },
  { daysAgo: 0, matterIndex: 0, kind: 'progressNoteWritten', subject: 'Adjourned to 12/01/2027', minutes: 9 },
  { daysAgo: 0, matterIndex: 2, kind: 'callLogged', subject: 'Mrs Adeyemi', minutes: 20 },
  { daysAgo: 1, matterIndex: 1, kind: 'documentRead', subject: 'Share purchase agreement – draft 4.pdf', minutes: 48 },
  { daysAgo: 1, matterIndex: 1, kind: 'documentUploaded', subject: 'Disclosure letter.docx', minutes: 3 },
  { daysAgo: 2, matterIndex: 4, kind: 'courtUpdateWritten', subject: 'Adjourned to 15/01/2027', minutes: 14 },
  { daysAgo: 2, matterIndex: 4, kind: 'portalMessageWritten', subject: 'The tribunal has fixed the next date', minutes: 6 },
  { daysAgo: 3, matterIndex: 3, kind: 'documentGenerated', subject: 'Board resolution – KESTREL.docx', minutes: 6 },
  { daysAgo: 3, matterIndex: 3, kind: 'taskCompleted', subject: 'File the annual returns', minutes: 6 },
  { daysAgo: 4, matterIndex: 6, kind: 'callLogged', subject: 'Chief Okafor (debtor)', minutes: 15 },
];

export async function seedDemoWorkActivities(database: Database, firm: SeededFirm): Promise<void> {
  const userId = firm.users.feeEarner.id;
  await database.withFirm(firm.firmId, async (tx) => {
    const today = sql`(now() at time zone (select time_zone from firms where id = ${firm.firmId}))::date`;
    for (const work of WEEK) {
      const matterId = firm.matterIds[work.matterIndex]!;
      const workDate = sql`${today} - ${work.daysAgo}::int`;
      if (work.kind === 'callLogged')
        await tx.insert(matterCalls).values({
          firmId: firm.firmId,
          matterId,
          userId,
          callDate: workDate,
          withWhom: work.subject,
          minutes: work.minutes,
          note: 'Discussed the next steps.',
        });
      await tx
        .insert(workActivities)
        .values({ firmId: firm.firmId, userId, matterId, workDate, kind: work.kind, subject: work.subject, seconds: work.minutes * 60 });
    }
  });
}
