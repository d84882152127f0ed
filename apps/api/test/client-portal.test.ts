import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, lastLinkTo, seedTestFirm, signInToPortal, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
});
afterAll(() => context.close());

const post = (url: string, payload: object) => context.app.inject({ method: 'POST', url, payload });

describe('client portal sign-in', () => {
  it("signs a client in and shows their name with the firm's name", async () => {
    const session = await signInToPortal(context.app, firm.slug, firm.portalClient.email);
    expect(session.clientId).toBe(firm.portalClient.clientId);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-client-portal-profileinfo?Slug=${firm.slug}&ClientId=${session.clientId}`,
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        clientId: firm.portalClient.clientId,
        name: 'Kemi Adebayo',
        email: firm.portalClient.email,
        company: firm.slug,
        firmName: expect.stringContaining('Test Firm'),
        firmLogo: null,
      },
    ]);
  });

  it("never signs a client in on another firm's slug", async () => {
    const response = await post('/api/client-portal/login', {
      slug: otherFirm.slug,
      email: firm.portalClient.email,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email or password is incorrect');
  });

  it('answers an unknown slug as not found', async () => {
    const response = await post('/api/client-portal/login', {
      slug: 'no-such-firm',
      email: firm.portalClient.email,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(404);
    const branding = await context.app.inject({ method: 'GET', url: '/api/client-portal/get-firm-branding?Slug=no-such-firm' });
    expect(branding.statusCode).toBe(404);
  });

  it('shows public branding for a known slug', async () => {
    const branding = await context.app.inject({ method: 'GET', url: `/api/client-portal/get-firm-branding?slug=${firm.slug}` });
    expect(branding.json().data).toEqual({ firmName: expect.stringContaining('Test Firm'), firmLogo: null, company: firm.slug });
  });

  it("refuses another client's profile and every firm-side route", async () => {
    const session = await signInToPortal(context.app, firm.slug, firm.portalClient.email);
    const other = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-client-portal-profileinfo?Slug=${firm.slug}&ClientId=${firm.otherClientId}`,
      headers: bearer(session.token),
    });
    expect(other.statusCode).toBe(404);
    const wrongSlug = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-client-portal-profileinfo?Slug=${otherFirm.slug}`,
      headers: bearer(session.token),
    });
    expect(wrongSlug.statusCode).toBe(404);
    const firmSide = await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(session.token) });
    expect(firmSide.statusCode).toBe(401);
  });

  it('lets an invited client sign up once, and nobody else', async () => {
    const email = `invited.${Date.now()}@client.example`;
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update clients set email = ${email}, is_portal_enabled = true where id = ${firm.otherClientId}`),
    );
    const signup = await post('/api/client-portal/signup', { slug: firm.slug, email, password: TEST_PASSWORD });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().data).toMatchObject({ clientId: firm.otherClientId, company: firm.slug });
    const twice = await post('/api/client-portal/signup', { slug: firm.slug, email, password: TEST_PASSWORD });
    expect(twice.statusCode).toBe(409);
    const stranger = await post('/api/client-portal/signup', {
      slug: firm.slug,
      email: 'stranger@client.example',
      password: TEST_PASSWORD,
    });
    expect(stranger.statusCode).toBe(400);
    const elsewhere = await post('/api/client-portal/signup', { slug: otherFirm.slug, email, password: TEST_PASSWORD });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('resets a portal password through a single-use link on the same slug', async () => {
    const email = firm.portalClient.email;
    const known = await post('/api/client-portal/forgot-password', { slug: firm.slug, email });
    const unknown = await post('/api/client-portal/forgot-password', { slug: firm.slug, email: 'ghost@client.example' });
    expect(known.json()).toEqual(unknown.json());
    const link = await lastLinkTo(context.config, email);
    expect(link).toContain(`/portal/${firm.slug}/reset-password/`);
    const secret = link.split('/').at(-1)!;
    expect(
      (await post('/api/client-portal/reset-password', { slug: otherFirm.slug, token: secret, password: 'portal-password-new' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/client-portal/reset-password', { slug: firm.slug, token: secret, password: 'portal-password-new' })).statusCode,
    ).toBe(200);
    await signInToPortal(context.app, firm.slug, email, 'portal-password-new');
  });

  it('ends the portal session when portal access is revoked', async () => {
    const second = await seedTestFirm(context.database);
    const session = await signInToPortal(context.app, second.slug, second.portalClient.email);
    await context.database.withFirm(second.firmId, (tx) =>
      tx.execute(sql`update clients set is_portal_enabled = false where id = ${second.portalClient.clientId}`),
    );
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/client-portal/get-client-portal-profileinfo',
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(401);
  });
});
