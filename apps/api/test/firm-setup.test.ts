import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, lastLinkTo, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

async function verifiedNewFirm(email: string) {
  const signup = await context.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firmName: 'Eze & Co', name: 'Obi Eze', email, password: TEST_PASSWORD },
  });
  expect(signup.statusCode).toBe(201);
  const link = await lastLinkTo(context.config, email);
  // The verification link signs the new administrator in.
  const verified = await context.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: new URL(link).searchParams.get('token') },
  });
  return verified.json().data.token as string;
}

const setupBody = (overrides: Record<string, unknown> = {}) => ({
  firmName: 'Eze & Co Solicitors',
  portalSlug: `eze-${Date.now()}`,
  country: 'Nigeria',
  homeCurrencyId: 1,
  multicurrency: true,
  timeZone: 'Africa/Lagos',
  logo: 'data:image/png;base64,iVBORw0KGgo=',
  ...overrides,
});

describe('POST /api/firm/setup', () => {
  it('sets the firm up and the profile shows it', async () => {
    const token = await verifiedNewFirm('setup1@eze.example');
    const body = setupBody();
    const response = await context.app.inject({ method: 'POST', url: '/api/firm/setup', headers: bearer(token), payload: body });
    expect(response.statusCode).toBe(200);
    const profile = (await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(token) })).json()
      .data[0];
    expect(profile.businesses[0]).toMatchObject({
      businessName: 'Eze & Co Solicitors',
      portalSlug: body.portalSlug,
      isSetupComplete: true,
      multicurrency: true,
      currencyISOCode: 'NGN',
      profilePhoto: body.logo,
    });
  });

  it("refuses another firm's portal address", async () => {
    const existing = await seedTestFirm(context.database);
    const token = await verifiedNewFirm('setup2@eze.example');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/firm/setup',
      headers: bearer(token),
      payload: setupBody({ portalSlug: existing.slug }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('That portal address is already taken. Please choose another.');
  });

  it.each([
    [{ portalSlug: 'Bad Slug!' }, 'Portal address must be 3–40 lowercase letters, digits or hyphens'],
    [{ homeCurrencyId: 9999 }, 'Home currency is required'],
    [{ timeZone: 'Mars/Olympus' }, 'Choose a time zone from the list'],
    [{ logo: 'data:text/html;base64,PGgxPg==' }, 'Logo must be a PNG, JPEG, GIF, WebP or SVG image'],
    [{ firmName: '' }, 'Firm name is required'],
  ])('refuses %o with a clear message', async (overrides, message) => {
    const token = await verifiedNewFirm(`setup-${Math.random().toString(36).slice(2)}@eze.example`);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/firm/setup',
      headers: bearer(token),
      payload: setupBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('is refused to an unverified user and to a user without account settings rights', async () => {
    const signup = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firmName: 'Unverified', name: 'U', email: 'unverified@eze.example', password: TEST_PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    const unverifiedToken = await signIn(context.app, 'unverified@eze.example');
    const unverified = await context.app.inject({
      method: 'POST',
      url: '/api/firm/setup',
      headers: bearer(unverifiedToken),
      payload: setupBody(),
    });
    expect(unverified.statusCode).toBe(403);
  });
});
