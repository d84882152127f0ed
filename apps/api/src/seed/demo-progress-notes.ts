import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { matters, progressNotes } from '../db/schema/index.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * The demo firm's progress notes: attendance notes and file reviews on its litigation, property,
 * employment and probate matters, formatted as the editor writes them; some shared with the client.
 */
const NOTES = [
  {
    matterIndex: 0,
    who: 'feeEarner',
    daysAgo: 21,
    title: 'Site inspection at the Victoria Island office',
    isShared: true,
    body:
      '<p>Inspected the premises with the client’s facilities manager. Findings:</p>' +
      '<ul><li>Water damage on the <strong>third floor</strong> ceiling, as the client reported</li>' +
      '<li>No record of the landlord’s repair notices on site</li></ul>' +
      '<p>Next: write to Marina Estates Ltd asking for their maintenance log.</p>',
  },
  {
    matterIndex: 0,
    who: 'admin',
    daysAgo: 6,
    title: 'Without-prejudice call with the landlord’s solicitors',
    isShared: false,
    body:
      '<p>They offered a <strong>three-month rent abatement</strong> if we withdraw the claim for consequential loss.</p>' +
      '<blockquote>Their client will not move on the service charge.</blockquote>' +
      '<p>Advised the client to <em>hold</em> until the surveyor’s report is in.</p>',
  },
  {
    matterIndex: 2,
    who: 'feeEarner',
    daysAgo: 14,
    title: 'Medical report received',
    isShared: true,
    body:
      '<p>The orthopaedic report confirms:</p>' +
      '<ol><li>Fracture of the left tibia, fully healed</li><li>Continuing pain: prognosis <strong>18 months</strong></li></ol>' +
      '<p>Sent a copy to the client. Schedule of special damages to follow.</p>',
  },
  {
    matterIndex: 4,
    who: 'admin',
    daysAgo: 9,
    title: 'Witness statement drafted',
    isShared: false,
    body:
      '<h3>Client’s account of the dismissal meeting</h3>' +
      '<p>Drafted from the interview of last week. Points to check with the client:</p>' +
      '<ul><li>the date of the first written warning</li><li>who else attended the meeting</li></ul>' +
      '<p>Tribunal guidance: <a href="https://www.example.org/tribunal-practice-direction">practice direction</a>.</p>',
  },
  {
    matterIndex: 7,
    who: 'feeEarner',
    daysAgo: 2,
    title: 'File closed and archived',
    isShared: true,
    body:
      '<p>Estate accounts approved by the beneficiaries; final distribution made.</p>' +
      '<p>Original will and grant returned to the executor. File sent to <u>off-site storage</u>.</p>',
  },
] as const;

export async function seedDemoProgressNotes(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const clientsOfMatters = await tx.select({ id: matters.id, clientId: matters.clientId }).from(matters);
    const clientOf = new Map(clientsOfMatters.map((matter) => [matter.id, matter.clientId]));
    await tx.insert(progressNotes).values(
      NOTES.map((note) => {
        const matterId = firm.matterIds[note.matterIndex]!;
        const body = sanitizeRichText(note.body);
        return {
          firmId: firm.firmId,
          clientId: clientOf.get(matterId)!,
          matterId,
          noteDate: sql`current_date - ${note.daysAgo}::int`,
          title: note.title,
          bodyHtml: body.html,
          bodyText: body.text,
          authorUserId: firm.users[note.who].id,
          isSharedWithClient: note.isShared,
        };
      }),
    );
  });
}
