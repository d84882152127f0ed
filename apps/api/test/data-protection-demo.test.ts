import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, signIn, signInToPortal, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm's Settings › Data protection (ADR 92): what a newcomer finds there. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
  // The whole demo firm is seeded: a minute on a quiet machine, more on a loaded one.
}, 180_000);
afterAll(() => context.close());

describe('the demo firm’s data protection', () => {
  it('holds an open access and correction request, an erasure refused for trust money, an erased lead, a retention review waiting, and two breaches', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
    const requests = (await get('/api/admin/data-protection/requests?size=100')).json().data.data as {
      kind: string;
      status: string;
      daysLeft: number;
      subject: { name: string; subjectType: string };
      blockers: { code: string }[];
    }[];
    const summary = requests.map((request) => [request.subject.subjectType, request.kind, request.status]);
    expect(summary).toEqual([
      ['client', 'correction', 'open'],
      ['client', 'access', 'open'],
      ['lead', 'erasure', 'completed'],
      ['client', 'erasure', 'refused'],
    ]);
    expect(requests[0]!.daysLeft).toBe(5);
    expect(requests[3]!.blockers.map((blocker) => blocker.code)).toContain('TRUST_MONEY_HELD');
    expect(requests[2]!.subject.name).toBe('Erased lead');

    const [review] = (await get('/api/admin/data-protection/retention-reviews')).json().data as {
      status: string;
      items: { recordName: string; recordType: string }[];
    }[];
    expect(review!.status).toBe('pending');
    expect(review!.items).toContainEqual(expect.objectContaining({ recordType: 'client', recordName: 'Creekside Ferries Ltd' }));

    const breaches = (await get('/api/admin/data-protection/breaches')).json().data as {
      title: string;
      minutesLeft: number;
      regulatorNotifiedTo: string | null;
    }[];
    expect(breaches.map((breach) => [breach.title, breach.regulatorNotifiedTo])).toEqual([
      ['Laptop stolen from a fee earner’s car', null],
      ['Invoice emailed to the wrong client', 'Nigeria Data Protection Commission'],
    ]);
    expect(Math.round(breaches[0]!.minutesLeft / 60)).toBe(52);
  });

  it('names its data-protection officer, has two versions of its notice, and one portal user still to agree to the second', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const settings = (
      await context.app.inject({ method: 'GET', url: '/api/admin/data-protection/privacy-notice', headers: bearer(token) })
    ).json().data as { officer: { name: string }; versions: { version: number; consentCount: number }[] };
    expect(settings.officer.name).toBe('Funmi Adeyemi');
    expect(settings.versions.map((version) => [version.version, version.consentCount])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const noticeOf = async (email: string) => {
      const session = await signInToPortal(context.app, DEMO_FIRM.slug, email);
      const answer = await context.app.inject({ method: 'GET', url: '/api/client-portal/privacy-notice', headers: bearer(session.token) });
      return answer.json().data as { needsConsent: boolean; notice: { version: number } };
    };
    // The journeys sign in as the portal client: the portal opens straight away for them.
    expect(await noticeOf(`client@${DEMO_FIRM.emailDomain}`)).toMatchObject({ needsConsent: false, notice: { version: 2 } });
    expect(await noticeOf(`bola@${DEMO_FIRM.emailDomain}`)).toMatchObject({ needsConsent: true, notice: { version: 2 } });
  });
});
