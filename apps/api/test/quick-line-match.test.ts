import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_LINE_MESSAGES, type QuickLineMatch } from '@matterhorn/shared';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

const MATCH = '/api/admin/time-entry/match-quick-line';

let fixture: TimeEntryFixture;
beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

let numbering = 90_000;
type Added = { id: string; matterNumber: string; clientId: string };

/** A matter with its own name and number, for this test only (the seed's matters never share its words). */
async function addMatter(
  name: string,
  options: { firm?: 'firm' | 'otherFirm'; status?: 'Open' | 'Closed'; isDeleted?: boolean } = {},
): Promise<Added> {
  const references = options.firm === 'otherFirm' ? fixture.otherReferences : fixture.references;
  const firmId = options.firm === 'otherFirm' ? fixture.otherFirm.firmId : fixture.firm.firmId;
  const matterNumber = `MAT-${numbering++}`;
  const clientId = references.openMatter.clientId;
  const [row] = await rowsOf<{ id: string }>(
    fixture.context.database.db.execute(sql`
      insert into matters (firm_id, client_id, matter_number, matter_name, billing_type, status, deleted_at)
      values (${firmId}, ${clientId}, ${matterNumber}, ${name}, 'Hourly', ${options.status ?? 'Open'},
              ${options.isDeleted ? sql`now()` : null})
      returning id`),
  );
  return { id: row!.id, matterNumber, clientId };
}

const match = (text: string | null, token = fixture.tokens.feeEarner) =>
  fixture.call('GET', text === null ? MATCH : `${MATCH}?Text=${encodeURIComponent(text)}`, token);

async function matched(text: string): Promise<QuickLineMatch> {
  const response = await match(text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('Quick add: the matter a line names', () => {
  it('proposes the matter whose name holds the leading words, and leaves the rest as the narrative', async () => {
    const bello = await addMatter('Okparaeke v Bello');
    await addMatter('Okparaeke v Dantata');
    const answer = await matched('Okparaeke v Bello drafted statement of claim');
    expect(answer).toMatchObject({
      isClearWinner: true,
      matchedBy: 'name',
      matterNumber: null,
      matterWords: 'Okparaeke v Bello',
      narrative: 'drafted statement of claim',
    });
    // Okparaeke v Dantata holds fewer of the words: not offered (the select searches for any other).
    expect(answer.candidates).toEqual([
      {
        id: bello.id,
        matterNumber: bello.matterNumber,
        matterName: 'Okparaeke v Bello',
        clientId: bello.clientId,
        clientName: expect.any(String),
        score: 1,
      },
    ]);
  });

  it('tells the parties’ order apart: "Bello v Okparaeke" is another matter', async () => {
    const claimant = await addMatter('Odunsi v Bamgbose');
    const defendant = await addMatter('Bamgbose v Odunsi');
    const answer = await matched('Odunsi v Bamgbose hearing notes');
    expect(answer.isClearWinner).toBe(true);
    expect(answer.candidates.map((candidate) => candidate.id)).toEqual([claimant.id, defendant.id]);
    expect(answer.candidates[1]!.score).toBe(0.9);
  });

  it('finds the matter through a typo and a dash before the narrative', async () => {
    const matter = await addMatter('Abiodun-Whyte v Ekwueme');
    const answer = await matched('Abiodun-Whyte v Ekwueeme – call with counsel');
    expect(answer).toMatchObject({ isClearWinner: true, matterWords: 'Abiodun-Whyte v Ekwueeme', narrative: 'call with counsel' });
    expect(answer.candidates[0]!.id).toBe(matter.id);
  });

  it('finds a matter by its client’s name', async () => {
    const answer = await matched('Kestrel Software reviewed the licence');
    expect(answer).toMatchObject({ isClearWinner: true, matterWords: 'Kestrel Software', narrative: 'reviewed the licence' });
    // The seed's "Trademark registration – KESTREL" (another client's) holds only one of the two words.
    expect(answer.candidates).toEqual([expect.objectContaining({ clientName: 'Kestrel Software Ltd', score: 1 })]);
  });

  it('says two matters match equally when both hold the words, and proposes neither', async () => {
    const first = await addMatter('Ilesanmi v Okoro');
    const appeal = await addMatter('Ilesanmi v Okoro (appeal)');
    const answer = await matched('Ilesanmi v Okoro filed the brief');
    expect(answer.isClearWinner).toBe(false);
    expect(answer.candidates.map((candidate) => candidate.id).sort()).toEqual([first.id, appeal.id].sort());
    expect(answer.narrative).toBe('filed the brief');
    const byOneWord = await matched('Ilesanmi research');
    expect(byOneWord).toMatchObject({ isClearWinner: false, narrative: 'research' });
  });

  it('answers no matter, and the whole text as the narrative, when nothing matches', async () => {
    expect(await matched('Xyzzyplugh drafted the claim')).toEqual({
      candidates: [],
      isClearWinner: false,
      matchedBy: null,
      matterNumber: null,
      matterWords: '',
      narrative: 'Xyzzyplugh drafted the claim',
    });
  });

  it('takes a matter number exactly, in any case, wherever it stands', async () => {
    const matter = await addMatter('Unremarkable name');
    const answer = await matched(`drafted the claim ${matter.matterNumber.toLowerCase()}`);
    expect(answer).toMatchObject({
      isClearWinner: true,
      matchedBy: 'number',
      matterNumber: matter.matterNumber,
      matterWords: matter.matterNumber.toLowerCase(),
      narrative: 'drafted the claim',
    });
    expect(answer.candidates).toEqual([expect.objectContaining({ id: matter.id, score: 1 })]);
  });

  it('never offers a closed or deleted matter, by name or by number', async () => {
    const closed = await addMatter('Eniolorunda v Fashakin', { status: 'Closed' });
    await addMatter('Eniolorunda v Fashakin and others', { isDeleted: true });
    expect((await matched('Eniolorunda v Fashakin drafted')).candidates).toEqual([]);
    expect(await matched(`${closed.matterNumber} drafted`)).toMatchObject({
      candidates: [],
      isClearWinner: false,
      matchedBy: null,
      matterNumber: closed.matterNumber,
      narrative: 'drafted',
    });
  });

  it('never answers another firm’s matters, by name or by number', async () => {
    const theirs = await addMatter('Ogunbanjo v Lagos State', { firm: 'otherFirm' });
    expect((await matched('Ogunbanjo v Lagos State hearing')).candidates).toEqual([]);
    expect((await matched(`${theirs.matterNumber} hearing`)).candidates).toEqual([]);
    const ours = await addMatter('Ogunbanjo v Lagos State');
    const answer = await matched('Ogunbanjo v Lagos State hearing');
    expect(answer.candidates.map((candidate) => candidate.id)).toEqual([ours.id]);
    const asTheirAdmin = await match('Ogunbanjo v Lagos State hearing', fixture.tokens.otherAdmin);
    expect(asTheirAdmin.json().data.candidates.map((candidate: { id: string }) => candidate.id)).toEqual([theirs.id]);
  });

  it.each([
    ['no Text', null],
    ['a blank Text', '   '],
    ['a Text over 500 characters', 'x'.repeat(501)],
  ])('refuses %s with 400 and a clear message', async (_case, text) => {
    const response = await match(text);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect([QUICK_LINE_MESSAGES.noMatterWords, QUICK_LINE_MESSAGES.tooLong]).toContain(response.json().message);
  });

  it('answers a line of punctuation with no matter, and needs timeEntry.create', async () => {
    expect((await matched('– … !')).candidates).toEqual([]);
    expect((await match('Okparaeke', fixture.tokens.billing)).statusCode).toBe(403);
    expect((await fixture.context.app.inject({ method: 'GET', url: `${MATCH}?Text=Okparaeke` })).statusCode).toBe(401);
  });
});
