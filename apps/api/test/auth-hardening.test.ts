import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_TOO_WEAK } from '@matterhorn/shared';
import { createLinkSecret } from '../src/lib/secrets.ts';
import { insertAuthToken } from '../src/modules/auth/auth.repository.ts';
import { createSignInSlowDown } from '../src/modules/auth/sign-in-slow-down.ts';
import {
  bearer,
  createTestApp,
  lastLinkTo,
  readOutbox,
  rowsOf,
  seedTestFirm,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
  context.app.inject({ method: 'POST', url, payload, remoteAddress });
let counter = 0;
const uniqueEmail = () => `hardening${counter++}.${Date.now()}@newfirm.example`;
const count = async (query: ReturnType<typeof sql>) => (await rowsOf<{ count: number }>(context.database.db.execute(query)))[0]!.count;

describe('guessable passwords are refused wherever a password is chosen, saying why', () => {
  const weak = (email: string) =>
    [
      ['aaaaaaaaaaaa', /Repeated characters/],
      ['password1234', /commonly used password/],
      [email, /personal/],
    ] as const;

  it('at firm sign-up, naming the password field, and nothing is created', async () => {
    const email = uniqueEmail();
    const firms = await count(sql`select count(*)::int as count from firms`);
    for (const [password, reason] of weak(email)) {
      const response = await post('/api/auth/signup', { firmName: 'Weak Chambers', name: 'Ada Weak', email, password });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message.startsWith(PASSWORD_TOO_WEAK)).toBe(true);
      expect(body.message).toMatch(reason);
      expect(body.errors).toEqual({ password: body.message });
    }
    expect(await count(sql`select count(*)::int as count from firms`)).toBe(firms);
  });

  it('on a password reset, and the link still works for a strong password', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.users.feeEarner.email;
    await post('/api/auth/forgot-password', { email });
    const secret = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
    for (const [password, reason] of weak(email)) {
      const response = await post('/api/auth/reset-password', { token: secret, password });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(reason);
    }
    expect((await post('/api/auth/reset-password', { token: secret, password: 'a-brand-new-password' })).statusCode).toBe(200);
  });

  it('on joining a team', async () => {
    const firm = await seedTestFirm(context.database);
    const email = uniqueEmail();
    const { secret, secretHash } = createLinkSecret();
    await context.database.withFirm(firm.firmId, async (tx) => {
      const [role] = await rowsOf<{ id: string }>(tx.execute(sql`select id from roles where name = 'Fee Earner'`));
      await insertAuthToken(tx, {
        firmId: firm.firmId,
        purpose: 'invitation',
        tokenHash: secretHash,
        email,
        roleId: role!.id,
        lifetimeMinutes: 60,
      });
    });
    for (const [password, reason] of weak(email)) {
      const response = await post('/api/auth/join-team', { invitationId: secret, name: 'Weak Joiner', password });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(reason);
    }
    expect((await post('/api/auth/join-team', { invitationId: secret, name: 'Strong Joiner', password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('on a portal password reset', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.portalClient.email;
    await post('/api/client-portal/forgot-password', { slug: firm.slug, email });
    const secret = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
    const response = await post('/api/client-portal/reset-password', { slug: firm.slug, token: secret, password: 'password1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message.startsWith(PASSWORD_TOO_WEAK)).toBe(true);
  });
});

describe("passwords built from the firm's name, the person's name or email, or the product's name are refused", () => {
  const firmNameOf = async (firmId: string) =>
    (await rowsOf<{ name: string }>(context.database.db.execute(sql`select name from firms where id = ${firmId}`)))[0]!.name;
  /** The firm's name with its spaces and signs taken out, as people squeeze it into a password. */
  const squeezed = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, '');
  const expectRefused = (response: { statusCode: number; json(): { message: string } }, password: string) => {
    expect(response.statusCode, password).toBe(400);
    expect(response.json().message.startsWith(PASSWORD_TOO_WEAK), password).toBe(true);
  };

  it('at firm sign-up, while a password of their own words is accepted', async () => {
    const email = `chidi.okafor${counter++}.${Date.now()}@okafor.example`;
    const firm = { firmName: 'Okafor & Partners', name: 'Chidi Okafor', email };
    for (const password of ['Matterhorn-2026', 'matterhorn2026!', 'Okafor&Partners-2026', 'ChidiOkafor#2026', `${email.split('@')[0]}!`]) {
      expectRefused(await post('/api/auth/signup', { ...firm, password }), password);
    }
    expect((await post('/api/auth/signup', { ...firm, password: 'okafor-lantern-orchard-velvet' })).statusCode).toBe(201);
  });

  it('on a password reset, and on joining a team', async () => {
    const firm = await seedTestFirm(context.database);
    const firmName = await firmNameOf(firm.firmId);
    const email = firm.users.feeEarner.email;
    await post('/api/auth/forgot-password', { email });
    const secret = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
    for (const password of ['Matterhorn-2026', `${squeezed(firmName)}-2026`, 'TundeBakare-2026']) {
      expectRefused(await post('/api/auth/reset-password', { token: secret, password }), password);
    }

    const invited = uniqueEmail();
    const invitation = createLinkSecret();
    await context.database.withFirm(firm.firmId, async (tx) => {
      const [role] = await rowsOf<{ id: string }>(tx.execute(sql`select id from roles where name = 'Fee Earner'`));
      await insertAuthToken(tx, {
        firmId: firm.firmId,
        purpose: 'invitation',
        tokenHash: invitation.secretHash,
        email: invited,
        roleId: role!.id,
        lifetimeMinutes: 60,
      });
    });
    for (const password of ['Matterhorn-2026', `${squeezed(firmName)}!2026`, 'NewJoiner-2026']) {
      expectRefused(await post('/api/auth/join-team', { invitationId: invitation.secret, name: 'New Joiner', password }), password);
    }
  });

  it('on a portal password reset', async () => {
    const firm = await seedTestFirm(context.database);
    const firmName = await firmNameOf(firm.firmId);
    const email = firm.portalClient.email;
    await post('/api/client-portal/forgot-password', { slug: firm.slug, email });
    const secret = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
    for (const password of ['Matterhorn-2026', `${squeezed(firmName)}-2026`]) {
      expectRefused(await post('/api/client-portal/reset-password', { slug: firm.slug, token: secret, password }), password);
    }
  });
});

describe('reset links', () => {
  it('using one reset link voids every other outstanding link of the account', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.users.admin.email;
    await post('/api/auth/forgot-password', { email });
    const older = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
    await post('/api/auth/forgot-password', { email });
    const newer = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
    expect(newer).not.toBe(older);

    expect((await post('/api/auth/reset-password', { token: newer, password: 'a-brand-new-password' })).statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', { token: older, password: 'an-attackers-chosen-password' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(AUTH_MESSAGES.invalidToken);
    await signIn(context.app, email, 'a-brand-new-password');
  });

  it('the same holds for an older link used first, and for portal reset links', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.portalClient.email;
    const secrets: string[] = [];
    for (let link = 0; link < 3; link++) {
      await post('/api/client-portal/forgot-password', { slug: firm.slug, email });
      secrets.push((await lastLinkTo(context.config, email)).split('/').at(-1)!);
    }
    const reset = (token: string, password: string) => post('/api/client-portal/reset-password', { slug: firm.slug, token, password });
    expect((await reset(secrets[0]!, 'portal-password-new')).statusCode).toBe(200);
    expect((await reset(secrets[1]!, 'an-attackers-chosen-password')).statusCode).toBe(400);
    expect((await reset(secrets[2]!, 'an-attackers-chosen-password')).statusCode).toBe(400);
  });
});

describe('bearer tokens are decoded strictly', () => {
  it('accepts the token as issued and refuses every other spelling of it with 401', async () => {
    const firm = await seedTestFirm(context.database);
    const token = await signIn(context.app, firm.users.admin.email);
    const profile = (authorization: string) =>
      context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: { authorization } });
    expect((await profile(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await profile(`bearer ${token}`)).statusCode).toBe(200);
    const [version, payload, signature] = token.split('.') as [string, string, string];
    const malformed = [
      `Bearer ${token}=`,
      `Bearer ${token}==`,
      `Bearer ${token}!!`,
      `Bearer ${token} junk`,
      `Bearer  ${token}`,
      `Bearer ${token} `,
      `Bearer\t${token}`,
      `Bearer ${version}.${payload}=.${signature}`,
      `Bearer ${version}.${payload}.${signature.slice(0, -1)}`,
      `Bearer ${version}.${payload}.${signature}.`,
      `Token ${token}`,
      token,
    ];
    // The same bytes in base64's standard alphabet: a different spelling only when the token has a - or _.
    const standardAlphabet = `Bearer ${version}.${payload.replace(/-/g, '+').replace(/_/g, '/')}.${signature.replace(/-/g, '+').replace(/_/g, '/')}`;
    if (standardAlphabet !== `Bearer ${token}`) malformed.push(standardAlphabet);
    for (const authorization of malformed) {
      const response = await profile(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'You are unauthorized', code: 'UNAUTHORIZED', data: null });
    }
  });

  it('refuses a signature with non-canonical trailing bits', async () => {
    const firm = await seedTestFirm(context.database);
    const token = await signIn(context.app, firm.users.admin.email);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = token.at(-1)!;
    // 43 characters carry 258 bits for a 256-bit signature: the last character's low 2 bits are ignored by lenient decoders.
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/users/get-user-profile',
      headers: bearer(`${token.slice(0, -1)}${twin}`),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sign-in slows guessing down per account and address instead of locking the owner out', () => {
  const attacker = '203.0.113.7';
  const owner = '198.51.100.20';

  it('after repeated failures from one address, that address is answered like any failed attempt; the owner elsewhere signs in', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.users.billing.email;
    for (let attempt = 0; attempt < context.config.loginAttemptsPerAccount; attempt++) {
      const wrong = await post('/api/auth/login', { email, password: 'wrong-password-guess' }, attacker);
      expect(wrong.statusCode).toBe(400);
    }
    // Even the right password from the guessing address gets the ordinary failure, not a lockout notice.
    const slowed = await post('/api/auth/login', { email, password: TEST_PASSWORD }, attacker);
    const unknown = await post('/api/auth/login', { email: 'ghost@nowhere.example', password: 'not-the-password' }, owner);
    expect(slowed.statusCode).toBe(400);
    expect(slowed.json()).toEqual(unknown.json());

    const fromOwner = await post('/api/auth/login', { email, password: TEST_PASSWORD }, owner);
    expect(fromOwner.statusCode).toBe(200);

    // The owner is told by email, once.
    const notices = (await readOutbox(context.config)).filter((message) => message.to === email);
    expect(notices.map((message) => message.subject)).toEqual(['Failed sign-in attempts on your account']);

    // The slow-down passes: once its time is up the right password works from that address too.
    await context.database.db.execute(sql`update sign_in_failures set blocked_until = now() - interval '1 second'`);
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD }, attacker)).statusCode).toBe(200);
  });

  it('an unknown email is slowed down exactly like a real account, so the answers reveal nothing', async () => {
    const firm = await seedTestFirm(context.database);
    const answers = async (email: string) => {
      const bodies = [];
      for (let attempt = 0; attempt <= context.config.loginAttemptsPerAccount; attempt++) {
        const response = await post('/api/auth/login', { email, password: 'wrong-password-guess' }, '192.0.2.44');
        bodies.push([response.statusCode, response.json()]);
      }
      return bodies;
    };
    expect(await answers(firm.users.feeEarner.email)).toEqual(await answers('nobody.here@nowhere.example'));
  });

  it('each slow-down waits longer than the last, up to a cap', async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < context.config.loginAttemptsPerAccount + 2; attempt++) {
      await post('/api/auth/login', { email, password: 'wrong-password-guess' }, '192.0.2.45');
      await context.database.db.execute(sql`update sign_in_failures set blocked_until = now() - interval '1 second'`);
    }
    const [row] = await rowsOf<{ failures: number }>(
      context.database.db.execute(sql`select failures from sign_in_failures where address = '192.0.2.45'`),
    );
    expect(row!.failures).toBe(context.config.loginAttemptsPerAccount + 2);
    await post('/api/auth/login', { email, password: 'wrong-password-guess' }, '192.0.2.45');
    const [wait] = await rowsOf<{ seconds: number }>(
      context.database.db.execute(
        sql`select round(extract(epoch from blocked_until - now()))::int as seconds from sign_in_failures where address = '192.0.2.45'`,
      ),
    );
    expect(wait!.seconds).toBe(8);
  });

  it('the portal sign-in behaves the same, per firm', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.portalClient.email;
    for (let attempt = 0; attempt < context.config.loginAttemptsPerAccount; attempt++) {
      await post('/api/client-portal/login', { slug: firm.slug, email, password: 'wrong-password-guess' }, attacker);
    }
    const slowed = await post('/api/client-portal/login', { slug: firm.slug, email, password: TEST_PASSWORD }, attacker);
    expect(slowed.statusCode).toBe(400);
    expect(slowed.json().message).toBe(AUTH_MESSAGES.invalidLogin);
    const fromOwner = await post('/api/client-portal/login', { slug: firm.slug, email, password: TEST_PASSWORD }, owner);
    expect(fromOwner.statusCode).toBe(200);
    const notice = (await readOutbox(context.config)).filter((message) => message.to === email).at(-1)!;
    expect(notice.link).toMatch(/^http:\/\/matterhorn\.test\/trust-browser\?token=/);
    expect(notice.text).toContain(`http://matterhorn.test/portal/${firm.slug}/forgot-password`);
    const token = fromOwner.json().data.token as string;
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/client-portal/get-client-portal-profileinfo', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });
});

// Each wrong guess costs an argon2 check, as it would for an attacker: 200 of them take 20-40 s on a busy machine.
describe(
  'a browser that signed in before keeps signing in while guesses come from everywhere (device cookies)',
  { timeout: 120_000 },
  () => {
    const addresses = Array.from({ length: 50 }, (_, index) => `203.0.113.${index + 1}`);
    const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
      const cookie = response.cookies.find((candidate) => candidate.name === 'matterhorn_device');
      expect(cookie, 'the device cookie').toBeDefined();
      return `matterhorn_device=${cookie!.value}`;
    };
    const login = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
      context.app.inject({ method: 'POST', url, payload, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });
    /** Wrong guesses (200: four from each of 50 addresses), taking turns as a botnet does. */
    /**
     * The signature's first character changed: its last one carries only 4 of its 6 bits, so another
     * last character may decode to the same signature.
     */
    const withAnotherSignature = (signed: string) => {
      const at = signed.lastIndexOf('.') + 1;
      return `${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`;
    };
    const guessFromEverywhere = async (url: string, payload: object, guesses = 200) => {
      for (let round = 0; round < guesses / addresses.length; round++) {
        for (const address of addresses.slice(0, Math.min(addresses.length, guesses))) {
          expect((await login(url, { ...payload, password: `guess-${round}-${address}` }, address)).statusCode).toBe(400);
        }
      }
    };

    /**
     * Holds the block of unknown sources that a flood started on the account through the checks
     * after it: the flood ends on a block of a few seconds (each counted guess doubles it, and a
     * blocked guess is not counted), which a busy machine can outlast before its next request.
     */
    const holdUnknownSourcesBlock = async (scope: string, email: string) => {
      const accountKey = createSignInSlowDown(context.database, context.config.loginAttemptsPerAccount).keyOf(scope, email);
      const held = await rowsOf(
        context.database.db.execute(
          sql`update sign_in_failures set blocked_until = now() + interval '1 hour'
              where account_key = ${accountKey} and address = '*' and blocked_until is not null returning address`,
        ),
      );
      expect(held, 'the flood blocked unknown sources').toHaveLength(1);
    };

    it('the owner signs in from the known browser after 200 guesses from 50 addresses, is emailed once, and the link trusts any browser', async () => {
      const firm = await seedTestFirm(context.database);
      const email = firm.users.admin.email;
      const office = addresses[7]!;
      const first = await login('/api/auth/login', { email, password: TEST_PASSWORD }, office);
      expect(first.statusCode).toBe(200);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      expect(setCookie).toMatch(/Path=\/api/);
      expect(setCookie).not.toMatch(/Secure/);
      const knownBrowser = deviceCookieOf(first);

      await guessFromEverywhere('/api/auth/login', { email });
      await holdUnknownSourcesBlock('firm', email);

      // Unknown sources are throttled for this account: the right password from a new address is refused like a guess.
      const stranger = await login('/api/auth/login', { email, password: TEST_PASSWORD }, '198.51.100.99');
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().message).toBe(AUTH_MESSAGES.invalidLogin);
      // The known browser signs in, even from an address that took part in the attack (a shared office line).
      const owner = await login('/api/auth/login', { email, password: TEST_PASSWORD }, office, knownBrowser);
      expect(owner.statusCode, owner.body).toBe(200);
      const profile = await context.app.inject({
        method: 'GET',
        url: '/api/users/get-user-profile',
        headers: bearer(owner.json().data.token),
      });
      expect(profile.statusCode).toBe(200);
      // A forged or another secret's cookie is no key.
      const forged = withAnotherSignature(knownBrowser);
      expect((await login('/api/auth/login', { email, password: TEST_PASSWORD }, '198.51.100.98', forged)).statusCode).toBe(400);

      const notices = (await readOutbox(context.config)).filter((message) => message.to === email);
      expect(notices.map((message) => message.subject)).toEqual(['Failed sign-in attempts on your account']);
      const token = new URL(notices[0]!.link!).searchParams.get('token')!;
      expect(notices[0]!.link).toMatch(/^http:\/\/matterhorn\.test\/trust-browser\?token=/);

      // The link trusts whichever browser opens it, from anywhere; that browser then signs in.
      const trusted = await context.app.inject({
        method: 'POST',
        url: '/api/auth/trust-browser',
        payload: { token },
        remoteAddress: '192.0.2.200',
      });
      expect(trusted.statusCode, trusted.body).toBe(200);
      expect(trusted.json().data).toEqual({ signInPath: '/login' });
      const travelling = await login('/api/auth/login', { email, password: TEST_PASSWORD }, '192.0.2.201', deviceCookieOf(trusted));
      expect(travelling.statusCode, travelling.body).toBe(200);
      const tampered = await context.app.inject({
        method: 'POST',
        url: '/api/auth/trust-browser',
        payload: { token: withAnotherSignature(token) },
      });
      expect(tampered.statusCode).toBe(400);
    });

    it("a known browser's own wrong guesses slow that browser alone, and another account's cookie does not count", async () => {
      const firm = await seedTestFirm(context.database);
      const email = firm.users.feeEarner.email;
      const otherBrowser = deviceCookieOf(
        await login('/api/auth/login', { email: firm.users.billing.email, password: TEST_PASSWORD }, '192.0.2.50'),
      );
      const browser = deviceCookieOf(await login('/api/auth/login', { email, password: TEST_PASSWORD }, '192.0.2.51'));
      for (let attempt = 0; attempt < context.config.loginAttemptsPerAccount; attempt++) {
        expect((await login('/api/auth/login', { email, password: 'wrong-password-guess' }, '192.0.2.51', browser)).statusCode).toBe(400);
      }
      expect((await login('/api/auth/login', { email, password: TEST_PASSWORD }, '192.0.2.51', browser)).statusCode).toBe(400);
      expect((await login('/api/auth/login', { email, password: TEST_PASSWORD }, '192.0.2.51')).statusCode).toBe(200);
      // The billing user's cookie is for that account only: it does not lift the fee earner's throttle.
      // Enough unknown addresses to throttle the account (four times the per-address allowance).
      await guessFromEverywhere('/api/auth/login', { email }, 25);
      await holdUnknownSourcesBlock('firm', email);
      expect((await login('/api/auth/login', { email, password: TEST_PASSWORD }, '192.0.2.52', otherBrowser)).statusCode).toBe(400);
    });

    it("the client portal's sign-in keeps its known browser too", async () => {
      const firm = await seedTestFirm(context.database);
      const payload = { slug: firm.slug, email: firm.portalClient.email };
      const browser = deviceCookieOf(await login('/api/client-portal/login', { ...payload, password: TEST_PASSWORD }, '192.0.2.60'));
      await guessFromEverywhere('/api/client-portal/login', payload, 50);
      await holdUnknownSourcesBlock(firm.firmId, payload.email);
      expect((await login('/api/client-portal/login', { ...payload, password: TEST_PASSWORD }, '192.0.2.61')).statusCode).toBe(400);
      const owner = await login('/api/client-portal/login', { ...payload, password: TEST_PASSWORD }, '192.0.2.61', browser);
      expect(owner.statusCode, owner.body).toBe(200);
      const notice = (await readOutbox(context.config)).filter((message) => message.to === payload.email);
      expect(notice).toHaveLength(1);
      const token = new URL(notice[0]!.link!).searchParams.get('token')!;
      const trusted = await context.app.inject({ method: 'POST', url: '/api/auth/trust-browser', payload: { token } });
      expect(trusted.json().data).toEqual({ signInPath: `/portal/${firm.slug}/login` });
    });
  },
);
