import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { courtUpdateAppearances, courts, courtUpdates, matters } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

/** The courts a Lagos litigation practice appears in. */
const COURTS = [
  { name: 'Federal High Court', division: 'Lagos Judicial Division', address: 'Federal Secretariat Complex, Ikoyi, Lagos' },
  { name: 'High Court of Lagos State', division: 'Ikeja Judicial Division', address: 'Lagos State High Court Complex, Ikeja, Lagos' },
  { name: 'High Court of Lagos State', division: 'Lagos Island Division', address: 'Tafawa Balewa Square, Lagos Island, Lagos' },
  { name: 'Court of Appeal', division: 'Lagos Division', address: 'Court of Appeal Complex, Ikeja, Lagos' },
  { name: 'National Industrial Court of Nigeria', division: 'Lagos Division', address: '17 Okotie-Eboh Street, Ikoyi, Lagos' },
] as const;

type DemoHearing = {
  matterIndex: number;
  court: number;
  suitNumber: string;
  judge: string;
  /** Days before the seed date the hearing was; the next hearing is days after it (negative: already past). */
  heardDaysAgo: number;
  next: { inDays: number; time: string; purpose: string } | null;
  appeared: ('admin' | 'feeEarner')[];
  outcome: string;
  nextSteps?: string;
  isSharedWithClient?: boolean;
};

/** Most next hearings fall within the dashboard's 14 days; a couple are further out, a couple past. */
const HEARINGS: DemoHearing[] = [
  {
    matterIndex: 0,
    court: 2,
    suitNumber: 'LD/1123GCM/2025',
    judge: 'Hon. Justice O. A. Ogala',
    heardDaysAgo: 49,
    next: { inDays: -21, time: '09:00', purpose: 'Mention' },
    appeared: ['feeEarner'],
    outcome: 'Parties served. Defendant sought time to file its statement of defence; granted.',
  },
  {
    matterIndex: 0,
    court: 2,
    suitNumber: 'LD/1123GCM/2025',
    judge: 'Hon. Justice O. A. Ogala',
    heardDaysAgo: 21,
    next: { inDays: 3, time: '09:00', purpose: 'Hearing of the motion for interlocutory injunction' },
    appeared: ['admin', 'feeEarner'],
    outcome: 'Defendant filed its defence out of time; the court deemed it properly filed.\nOur motion for injunction fixed for hearing.',
    nextSteps: 'Serve the further affidavit and written address on the defendant by Friday.',
    isSharedWithClient: true,
  },
  {
    matterIndex: 0,
    court: 3,
    suitNumber: 'CA/L/778/2025',
    judge: 'Hon. Justice U. I. Ndukwe-Anyanwu, JCA',
    heardDaysAgo: 30,
    next: { inDays: 45, time: '10:00', purpose: 'Hearing of the interlocutory appeal' },
    appeared: ['admin'],
    outcome: 'Record of appeal transmitted. Respondent granted 14 days to file its brief.',
  },
  {
    matterIndex: 2,
    court: 1,
    suitNumber: 'ID/4521/2024',
    judge: 'Hon. Justice S. B. Onigbanjo',
    heardDaysAgo: 38,
    next: { inDays: -10, time: '10:30', purpose: 'Continuation of trial' },
    appeared: ['feeEarner'],
    outcome: 'PW1 (the claimant) testified and tendered the medical reports as Exhibits C1–C4.',
  },
  {
    matterIndex: 2,
    court: 1,
    suitNumber: 'ID/4521/2024',
    judge: 'Hon. Justice S. B. Onigbanjo',
    heardDaysAgo: 10,
    next: { inDays: 6, time: '10:30', purpose: 'Cross-examination of PW1' },
    appeared: ['feeEarner'],
    outcome: 'Trial stalled: the defendant’s counsel was absent. Costs of N50,000 awarded against the defendant.',
    nextSteps: 'Prepare PW1 for cross-examination; confirm the doctor’s availability as PW2.',
  },
  {
    matterIndex: 4,
    court: 4,
    suitNumber: 'NICN/LA/312/2025',
    judge: 'Hon. Justice O. O. Oyewumi',
    heardDaysAgo: 14,
    next: { inDays: 9, time: '11:00', purpose: 'Adoption of final written addresses' },
    appeared: ['admin'],
    outcome: 'Defence closed its case after DW1’s evidence. Parties ordered to file final written addresses.',
    nextSteps: 'File the claimant’s final written address within 21 days.',
  },
  {
    matterIndex: 6,
    court: 0,
    suitNumber: 'FHC/L/CS/1876/2025',
    judge: 'Hon. Justice A. O. Faji',
    heardDaysAgo: 5,
    next: { inDays: 13, time: '09:30', purpose: 'Hearing of the application for summary judgment' },
    appeared: ['admin', 'feeEarner'],
    outcome: 'Defendant served with the originating summons and our application for summary judgment.',
  },
  {
    matterIndex: 5,
    court: 0,
    suitNumber: 'FHC/L/CS/2210/2025',
    judge: 'Hon. Justice D. E. Osiagor',
    heardDaysAgo: 8,
    next: { inDays: 30, time: '12:00', purpose: 'Report of settlement' },
    appeared: ['feeEarner'],
    outcome: 'Parties informed the court of settlement talks on the KESTREL mark; adjourned for a report.',
  },
  {
    matterIndex: 7,
    court: 3,
    suitNumber: 'CA/L/1045/2023',
    judge: 'Hon. Justice M. L. Garba, JCA',
    heardDaysAgo: 200,
    next: null,
    appeared: ['admin'],
    outcome: 'Appeal struck out on the parties’ terms of settlement. Matter concluded.',
  },
];

/** The demo firm's courts and court updates, relative to the day it is seeded, so the dashboard and calendar always show hearings. */
export async function seedDemoCourtUpdates(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const courtIds = (
      await tx
        .insert(courts)
        .values(COURTS.map((court) => ({ firmId: firm.firmId, ...court })))
        .returning({ id: courts.id })
    ).map((court) => court.id);
    const clientOf = new Map(
      (await tx.select({ id: matters.id, clientId: matters.clientId }).from(matters)).map((row) => [row.id, row.clientId]),
    );
    const inserted = await tx
      .insert(courtUpdates)
      .values(
        HEARINGS.map((hearing) => {
          const matterId = firm.matterIds[hearing.matterIndex]!;
          return {
            firmId: firm.firmId,
            clientId: clientOf.get(matterId)!,
            matterId,
            courtId: courtIds[hearing.court]!,
            suitNumber: hearing.suitNumber,
            judge: hearing.judge,
            hearingDate: sql`current_date - ${hearing.heardDaysAgo}::int`,
            outcome: hearing.outcome,
            nextAdjournedDate: hearing.next ? sql`current_date + ${hearing.next.inDays}::int` : null,
            nextAdjournedTime: hearing.next?.time ?? null,
            nextAdjournedPurpose: hearing.next?.purpose ?? null,
            nextSteps: hearing.nextSteps ?? null,
            isSharedWithClient: hearing.isSharedWithClient ?? false,
            addedByUserId: firm.users[hearing.appeared[0]!].id,
          };
        }),
      )
      .returning({ id: courtUpdates.id });
    await tx
      .insert(courtUpdateAppearances)
      .values(
        HEARINGS.flatMap((hearing, index) =>
          hearing.appeared.map((who) => ({ firmId: firm.firmId, courtUpdateId: inserted[index]!.id, userId: firm.users[who].id })),
        ),
      );
  });
}
